import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for a condition; on a loaded or slow machine rendering can take more
// than the library's 1 s default, so the bound is generous (a passing wait returns as soon as it holds).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no scrolling; the layout scrolls to top on every route change.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
