/**
 * Public API of the staff feature (docs/spec.md section 6): the staff banner's slot (the banner,
 * with the 500 ms admin/reviewer check and logout, is a lazy chunk only staff load) and the staff
 * login page (loaded with its route). The role itself lives in '@/lib/staffRole'
 * (useStaffRole, useAnchorMenuOffset) so any feature can read it. Page-only code is reached
 * through loaders, never re-exported here: the build puts everything this file re-exports into
 * the first chunk (webapp/vite.config.ts, loadedFirst).
 */
export { StaffBannerSlot } from './components/StaffBannerSlot';
export const loadStaffLoginPage = () => import('./components/StaffLoginPage');
export { useStaffRole, useAnchorMenuOffset, type StaffRole } from '@/lib/staffRole';
