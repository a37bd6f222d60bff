/**
 * The staff CSRF token (docs/operations.md, Security; services/staff/csrf.py): the server sets
 * the readable `csrftoken` cookie on staff answers (login, /is-admin, /is-reviewer), and every
 * state-changing staff request sends it back as the `X-CSRFToken` header (double submit).
 */

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** The `csrftoken` cookie's value, or null when the browser holds none. */
export function csrfToken(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE && rest.length > 0) return rest.join('=') || null;
  }
  return null;
}

/** `{ 'X-CSRFToken': token }` for a staff request, or `{}` when there is no token yet. */
export function csrfHeaders(cookies?: string): Record<string, string> {
  const token = csrfToken(cookies);
  return token ? { [CSRF_HEADER]: token } : {};
}
