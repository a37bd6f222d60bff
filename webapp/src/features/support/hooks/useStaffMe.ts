/** The signed-in staff user for the support console's gate (GET /api/staff/me, docs/spec.md section 2.14). */
import { getStaffMe } from '../api/supportApi';
import { useSupportQuery } from './useSupportQuery';

/** The answer of GET /api/staff/me (null while asking); asked once per mount. */
export function useStaffMe() {
  return useSupportQuery('me', getStaffMe);
}
