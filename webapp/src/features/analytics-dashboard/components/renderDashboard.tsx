/** Tests only: the dashboard in a memory router at `url`, as the app routes it. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { AnalyticsDashboardPage } from './AnalyticsDashboardPage';

export function renderDashboard(url = '/analytics') {
  const router = createMemoryRouter(
    [
      { path: '/analytics', element: <AnalyticsDashboardPage /> },
      { path: '/staff/login', element: <h1>Staff login</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
