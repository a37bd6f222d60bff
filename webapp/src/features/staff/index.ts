/**
 * Public API of the staff feature (docs/spec.md section 6): the staff banner (with
 * the 500 ms admin/reviewer check and logout) and the staff login page. The role itself lives
 * in '@/lib/staffRole' (useStaffRole, useAnchorMenuOffset) so any feature can read it.
 */
export { StaffBanner, BANNER_TEXT } from './components/StaffBanner';
export { StaffLoginPage } from './components/StaffLoginPage';
export { STAFF_CHECK_DELAY_MS } from './hooks/useStaffCheck';
export { useStaffRole, useAnchorMenuOffset, type StaffRole } from '@/lib/staffRole';
