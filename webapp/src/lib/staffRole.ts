/**
 * The viewer's staff role (docs/spec.md section 6): 'admin', 'reviewer' or null (a visitor, or not
 * known yet). The staff feature (features/staff) fills it: GET /is-admin then /is-reviewer
 * 500 ms after load (docs/spec.md section 9 "admin check 500 ms"), and on staff login and logout. Anything that
 * depends on it reads it here, e.g. the anchor menu offset (docs/spec.md section 9: 130 px, 179 px for an
 * admin or reviewer). It lives in lib so every feature may read it (features import no other
 * feature). Not persisted: the session lives in an HttpOnly cookie, so each load asks again.
 */
import { create } from 'zustand';

export type StaffRole = 'admin' | 'reviewer';

/** Where the role came from: nothing yet, the 500 ms check, or a login/logout in this tab. */
export type StaffRoleSource = 'none' | 'check' | 'session';

export interface StaffRoleState {
  role: StaffRole | null;
  source: StaffRoleSource;
  /** The answer of the /is-admin, /is-reviewer check; ignored once this tab logged in or out. */
  setCheckedRole: (role: StaffRole | null) => void;
  /** A login (the server's role) or a logout (null) in this tab: always wins. */
  setSessionRole: (role: StaffRole | null) => void;
}

export const useStaffRoleStore = create<StaffRoleState>()((set, get) => ({
  role: null,
  source: 'none',
  setCheckedRole: (role) => {
    if (get().source !== 'session') set({ role, source: 'check' });
  },
  setSessionRole: (role) => set({ role, source: 'session' }),
}));

/** The viewer's staff role, or null for visitors (and until the 500 ms check answers). */
export function useStaffRole(): StaffRole | null {
  return useStaffRoleStore((s) => s.role);
}

/** docs/spec.md section 9: where the anchor menu sits, from the top of the viewport. */
export const ANCHOR_MENU_OFFSET_PX = 130;
export const STAFF_ANCHOR_MENU_OFFSET_PX = 179;

export function anchorMenuOffset(role: StaffRole | null): number {
  return role ? STAFF_ANCHOR_MENU_OFFSET_PX : ANCHOR_MENU_OFFSET_PX;
}

/** The anchor menu offset for the current viewer: 130 px, or 179 px for an admin or reviewer. */
export function useAnchorMenuOffset(): number {
  return anchorMenuOffset(useStaffRole());
}

/** Tests only: back to "nothing known". */
export function resetStaffRole(): void {
  useStaffRoleStore.setState({ role: null, source: 'none' });
}
