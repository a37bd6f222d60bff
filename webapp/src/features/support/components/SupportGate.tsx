import type { ReactNode } from 'react';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/config/paths';
import { Link, useLocation } from '@/lib/router';
import { useStaffMe } from '../hooks/useStaffMe';
import type { SupportStaff } from '../types';
import styles from './Support.module.css';

/** What the gate says to a visitor without a session, to staff without the support role, and to non-admins on the audit log. */
export const GATE_TEXT = {
  signIn: 'Sign in as staff to use the support console.',
  needsSupport: 'This needs the support role.',
  needsAdmin: 'Only admins can read the audit log.',
} as const;

interface Props {
  /** `support`: support staff and admins; `admin`: admins only (the audit log). */
  need: 'support' | 'admin';
  children: (staff: SupportStaff) => ReactNode;
}

/**
 * Shows `children` to staff allowed to use this part of the support console (docs/spec.md section
 * 2.14): asks GET /api/staff/me; without a session (401) a link to the staff login that comes back
 * here; with another role, what is missing.
 */
export function SupportGate({ need, children }: Props) {
  const me = useStaffMe();
  const location = useLocation();
  if (me === null) return <Spinner label="Checking your staff session" size={24} />;
  if (me.kind === 'error') {
    if (me.status === 401) {
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
    return (
      <p className={styles.gate} role="alert">
        {me.status === 403 ? GATE_TEXT.needsSupport : me.error.message}
      </p>
    );
  }
  const { role } = me.data;
  if (role !== 'admin' && role !== 'support') {
    return (
      <p className={styles.gate} role="alert">
        {GATE_TEXT.needsSupport}
      </p>
    );
  }
  if (need === 'admin' && role !== 'admin') {
    return (
      <p className={styles.gate} role="alert">
        {GATE_TEXT.needsAdmin}
      </p>
    );
  }
  return <>{children(me.data)}</>;
}
