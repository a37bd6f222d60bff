import type { MouseEvent } from 'react';
import { apiPaths, paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';
import { useStaffRole, useStaffRoleStore, type StaffRole } from '@/lib/staffRole';
import { logOut } from '../api/staffApi';
import { useStaffCheck } from '../hooks/useStaffCheck';
import styles from './StaffBanner.module.css';

/** docs/spec.md section 6: the banner text for each staff role. */
export const BANNER_TEXT: Record<StaffRole, string> = {
  admin: 'You are currently browsing as an admin',
  reviewer: 'You are currently browsing as a reviewer',
};

/**
 * The staff banner at the top of every page (docs/spec.md section 6): runs the 500 ms staff check, then, for
 * an admin or reviewer, says so and offers "Log out". The status region is always in the page
 * (empty for visitors) so screen readers announce the banner when it appears.
 *
 * Logout (docs/spec.md section 6): a GET to /logout (the server ends the session), then the app goes to '/'.
 * The control is a real link to /logout, so it also works before the app has loaded; if the
 * request fails, the browser follows the link itself.
 */
export function StaffBanner() {
  useStaffCheck();
  const role = useStaffRole();
  const navigate = useNavigate();

  async function onLogout(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      await logOut();
    } catch (error) {
      console.warn('logout failed, leaving through the link', error);
      window.location.assign(apiPaths.logout);
      return;
    }
    useStaffRoleStore.getState().setSessionRole(null);
    void navigate(paths.home);
  }

  return (
    <div role="status" aria-live="polite" className={role ? styles.banner : undefined}>
      {role && (
        <div className={`container ${styles.inner}`}>
          <p className={styles.text}>{BANNER_TEXT[role]}</p>
          <div className={styles.actions}>
            {role === 'admin' && (
              <a className={styles.link} href={paths.admin}>
                Admin
              </a>
            )}
            <a className={styles.link} href={apiPaths.logout} onClick={(event) => void onLogout(event)}>
              Log out
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
