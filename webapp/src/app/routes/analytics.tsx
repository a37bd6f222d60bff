import { SITE_NAME } from '@/config/site';
import { AnalyticsDashboardPage } from '@/features/analytics-dashboard';

/**
 * The router's lazy `analytics/*` route (docs/spec.md section 2.15): the analytics dashboard,
 * `/analytics?from=&to=`. Staff only (analysts and admins), not for search engines.
 */
export function Component() {
  return (
    <>
      <title>{`Analytics – ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <AnalyticsDashboardPage />
    </>
  );
}
