/** The signed-in staff user for the dashboard's gate (GET /api/staff/me, docs/spec.md section 2.15). */
import { getStaffMe } from '../api/dashboardApi';
import { useAnalyticsQuery } from './useAnalyticsQuery';

/** The answer of GET /api/staff/me (null while asking); asked once per mount. */
export function useStaffMe() {
  return useAnalyticsQuery('me', getStaffMe);
}
