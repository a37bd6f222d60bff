import { cookieValue } from '@/lib/cookies';

/**
 * docs/spec.md section 6: the readable `staff_hint=1` cookie the server sets with a staff session
 * (login) and clears at logout, at expiry (same lifetime) and on a 401 of the role checks. It is
 * only a hint: the server still checks the HttpOnly session on every staff call.
 */
export const STAFF_HINT_COOKIE = 'staff_hint';

/** Whether a staff session may exist in this browser (the `staff_hint` cookie is set). */
export function mayBeStaff(cookies?: string): boolean {
  return cookieValue(STAFF_HINT_COOKIE, cookies) !== null;
}
