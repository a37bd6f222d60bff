import type { ReactNode } from 'react';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/config/paths';
import { Link, useLocation } from '@/lib/router';
import { useStaffMe } from '../hooks/useStaffMe';
import styles from './Dashboard.module.css';

/** What the gate says to a visitor without a session and to staff without the role. */
export const GATE_TEXT = {
  signIn: 'Sign in as staff to see the analytics dashboard.',
  needsAnalyst: 'You need the analyst role to see this page.',
} as const;

/**
 * Shows `children` to analysts and admins (docs/spec.md section 2.15): asks GET /api/staff/me;
 * without a session (401) a link to the staff login that comes back here; another role is told
 * what it needs.
 */
export function AnalyticsGate({ children }: { children: ReactNode }) {
  const me = useStaffMe();
  const location = useLocation();
  if (me === null) return <Spinner label="Checking your staff session" size={24} />;
  if (me.kind === 'error' && me.status === 401) {
    const next = `${location.pathname}${location.search}`;
    return (
      <div className={styles.gate} role="alert">
        <p>{GATE_TEXT.signIn}</p>
        <Link className="button" to={`${paths.staffLogin}?${new URLSearchParams({ next }).toString()}`}>
          Staff login
        </Link>
      </div>
    );
  }
  if (me.kind === 'error' && me.status !== 403) {
    return (
      <p className={`${styles.gate} ${styles.error}`} role="alert">
        {me.error.message}
      </p>
    );
  }
  if (me.kind === 'error' || (me.data.role !== 'admin' && me.data.role !== 'analyst')) {
    return (
      <p className={styles.gate} role="alert">
        {GATE_TEXT.needsAnalyst}
      </p>
    );
  }
  return <>{children}</>;
}
