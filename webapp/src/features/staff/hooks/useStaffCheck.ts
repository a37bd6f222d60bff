/**
 * docs/spec.md sections 6 and 9: 500 ms after load, ask GET /is-admin then /is-reviewer and keep the
 * answer in the staff role store (lib/staffRole). Once per mount of the root layout; a
 * login or logout in this tab meanwhile wins over the check's answer.
 */
import { useEffect } from 'react';
import { useStaffRoleStore } from '@/lib/staffRole';
import { checkStaffRole } from '../api/staffApi';

export const STAFF_CHECK_DELAY_MS = 500;

export function useStaffCheck(): void {
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      // checkStaffRole never rejects (a failed check is no role).
      void checkStaffRole(controller.signal).then((role) => {
        if (!controller.signal.aborted) useStaffRoleStore.getState().setCheckedRole(role);
      });
    }, STAFF_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);
}
