/** Test helpers: render blocks inside a router (links) and answer fetches. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';

export function renderInRouter(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(<RouterProvider router={router} />);
}

/** Replaces fetch: `routes` maps a URL prefix to the JSON it answers; anything else is a 404. */
export function answerFetch(routes: Record<string, unknown>) {
  const fetchMock = vi.fn((input: string | URL) => {
    const url = String(input);
    const hit = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    return Promise.resolve(hit === undefined
      ? new Response('{"code":"not_found"}', { status: 404 })
      : new Response(JSON.stringify(routes[hit]), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
