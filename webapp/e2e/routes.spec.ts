import { test } from '@playwright/test';
import { VISITOR_ROUTES, VISITOR_VIEWPORTS, visitAsNewVisitor } from './support/visit';

// Every test here only reads the shop as a new visitor, so its tests may run in any worker, in any order.
test.describe.configure({ mode: 'parallel' });

/**
 * Every route a new visitor can open directly (support/visit.ts's VISITOR_ROUTES: the spec's
 * route table, section 2, as the demo shop serves it), at 1280 px and at 375 px, each loaded and
 * scrolled through once with all the per-page bars: a clean console (section 8), the
 * Content-Security-Policy (docs/operations.md, Security), no sideways scroll and the header for
 * the width (sections 2 and 9), and no serious or critical axe-core violation.
 *
 * Every test is a new visitor (Playwright gives each test a fresh browser context): empty cart,
 * default country, no cookie consent yet (the banner shows and is checked too).
 */

for (const viewport of VISITOR_VIEWPORTS) {
  const width = viewport.width;
  test.describe(`a new visitor at ${width} px`, () => {
    test.use({ viewport });

    // One route per test: a walk over every route in one test outlasts the timeout on a slow machine.
    for (const route of VISITOR_ROUTES) {
      test(`${route.path}: clean console, under the CSP, no sideways scroll, the header for the width, no serious axe violation`, async ({ page }) => {
        await visitAsNewVisitor(page, route, width);
      });
    }
  });
}
