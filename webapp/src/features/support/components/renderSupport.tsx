/** Tests only: the support pages in a memory router at `url`, as the app routes them. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from '@/lib/router';
import { SupportAuditPage } from './SupportAuditPage';
import { SupportSearchPage } from './SupportSearchPage';
import { SupportTimelinePage } from './SupportTimelinePage';

function Timeline() {
  const ref = useParams().ref ?? '';
  return <SupportTimelinePage key={ref} cartRef={ref} />;
}

export function renderSupport(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/support', element: <SupportSearchPage /> },
      { path: '/support/carts/:ref', element: <Timeline /> },
      { path: '/support/audit', element: <SupportAuditPage /> },
      { path: '/staff/login', element: <h1>Staff login</h1> },
      { path: '/order/*', element: <h1>Order page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
