/**
 * Reading the browser's readable (non-HttpOnly) cookies: the staff CSRF token (`csrftoken`,
 * lib/csrf.ts) and the staff hint (`staff_hint`, docs/spec.md section 6).
 */

/** The value of cookie `name` in `cookies` (default: `document.cookie`), or null when absent or empty. */
export function cookieValue(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name && rest.length > 0) return rest.join('=') || null;
  }
  return null;
}
