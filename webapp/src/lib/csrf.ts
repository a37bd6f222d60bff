/**
 * The staff CSRF token (docs/operations.md, Security; services/staff/csrf.py): the server sets
 * the readable `csrftoken` cookie on staff answers (login, /is-admin, /is-reviewer), and every
 * state-changing staff request sends it back as the `X-CSRFToken` header (double submit).
 */
import { cookieValue } from './cookies';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** The `csrftoken` cookie's value, or null when the browser holds none. */
export function csrfToken(cookies?: string): string | null {
  return cookieValue(CSRF_COOKIE, cookies);
}

/** `{ 'X-CSRFToken': token }` for a staff request, or `{}` when there is no token yet. */
export function csrfHeaders(cookies?: string): Record<string, string> {
  const token = csrfToken(cookies);
  return token ? { [CSRF_HEADER]: token } : {};
}
