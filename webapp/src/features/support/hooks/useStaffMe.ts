/** The signed-in staff user for the support console's gate (GET /api/staff/me, docs/spec.md section 2.14). */
import { getStaffMe } from '../api/supportApi';
import { useSupportQuery } from './useSupportQuery';

export function useStaffMe() {
  return useSupportQuery('me', getStaffMe);
}
