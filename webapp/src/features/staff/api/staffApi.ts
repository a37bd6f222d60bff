/**
 * Staff session calls (docs/spec.md section 6). Every call sends the
 * HttpOnly `staff_session` cookie (credentials included).
 */
import { apiPaths } from '@/config/paths';
import { csrfHeaders } from '@/lib/csrf';
import type { StaffRole } from '@/lib/staffRole';
import { mayBeStaff } from './staffHint';

export { STAFF_HINT_COOKIE, mayBeStaff } from './staffHint';

const withCookie: RequestInit = { credentials: 'include', headers: { Accept: 'application/json' } };

/** The status of a staff check (GET with the cookie), or 0 when it got no answer. */
async function checkStatus(url: string, signal?: AbortSignal): Promise<number> {
  try {
    return (await fetch(url, { ...withCookie, signal })).status;
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') console.warn(`GET ${url} failed`, error);
    return 0;
  }
}

/**
 * docs/spec.md section 6: GET /is-admin, then (when that is no) GET /is-reviewer; success means yes.
 * Asks nothing without the staff hint cookie (a visitor: no 401 in the console of every page), and
 * not /is-reviewer after a 401 (no session at all; the answer also cleared the hint).
 * Resolves to the role or null; failures count as "no" (logged only).
 */
export async function checkStaffRole(signal?: AbortSignal): Promise<StaffRole | null> {
  if (!mayBeStaff()) return null;
  const admin = await checkStatus(apiPaths.isAdmin, signal);
  if (admin >= 200 && admin < 300) return 'admin';
  if (admin === 401 || signal?.aborted) return null;
  const reviewer = await checkStatus(apiPaths.isReviewer, signal);
  return reviewer >= 200 && reviewer < 300 ? 'reviewer' : null;
}

/**
 * A login's outcome. `role` is the banner role (admin or reviewer); null for the support and analyst
 * roles, which sign in the same way but have no banner (docs/spec.md section 6).
 */
export type LoginResult = { ok: true; email: string; role: StaffRole | null } | { ok: false; message: string };

const SIGN_IN_ROLES: readonly unknown[] = ['admin', 'reviewer', 'support', 'analyst'];

export const LOGIN_MESSAGES = {
  missing: 'Please enter your email and password.',
  invalid: 'Wrong email or password.',
  malformed: 'Please enter a valid email address and your password.',
  failed: 'Something went wrong, please try again later',
  tooMany: (seconds: number | null) =>
    seconds
      ? `Too many login attempts. Please wait ${seconds} seconds and try again.`
      : 'Too many login attempts. Please wait a minute and try again.',
} as const;

function retryAfter(response: Response, body: unknown): number | null {
  const fromBody = (body as { retry_after?: unknown } | null)?.retry_after;
  const seconds = Number(typeof fromBody === 'number' ? fromBody : response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * POST /api/staff/login {email, password}. 200 sets the session cookie and gives {email, role};
 * 401 -> wrong email or password; 429 -> wait (Retry-After seconds); 422 -> malformed input;
 * anything else, or no answer -> try again later. Never throws. Sends the staff CSRF token
 * (`X-CSRFToken`) when the browser has one, as every state-changing staff call does.
 */
export async function logIn(email: string, password: string): Promise<LoginResult> {
  let response: Response;
  try {
    response = await fetch(apiPaths.staffLogin, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...csrfHeaders() },
      body: JSON.stringify({ email, password }),
    });
  } catch (error) {
    console.warn('staff login failed', error);
    return { ok: false, message: LOGIN_MESSAGES.failed };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const user = body as { email?: unknown; role?: unknown } | null;
    if (user && typeof user.email === 'string' && SIGN_IN_ROLES.includes(user.role)) {
      return { ok: true, email: user.email, role: user.role === 'admin' || user.role === 'reviewer' ? user.role : null };
    }
    return { ok: false, message: LOGIN_MESSAGES.failed };
  }
  if (response.status === 401) return { ok: false, message: LOGIN_MESSAGES.invalid };
  if (response.status === 429) return { ok: false, message: LOGIN_MESSAGES.tooMany(retryAfter(response, body)) };
  if (response.status === 422) return { ok: false, message: LOGIN_MESSAGES.malformed };
  return { ok: false, message: LOGIN_MESSAGES.failed };
}

/** docs/spec.md section 6: logout is a GET to the local logout address (the server then redirects to '/'). */
export async function logOut(): Promise<void> {
  const response = await fetch(apiPaths.logout, { credentials: 'include', redirect: 'follow' });
  if (!response.ok) throw new Error(`GET ${apiPaths.logout} -> ${response.status}`);
}
