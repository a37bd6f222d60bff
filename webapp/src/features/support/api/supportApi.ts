/**
 * The support console's calls (docs/spec.md section 2.14). Every call sends the HttpOnly
 * `staff_session` cookie and never throws for an HTTP answer: the caller gets `ok` with the body,
 * or `error` with the status and the server's `{code, message}` (a network failure is status 0).
 * An abort rejects, as fetch does.
 */
import type { SupportAudit, SupportError, SupportSearch, SupportStaff, SupportTimeline } from '../types';

/** The support API's addresses, defined once. */
export const supportApiPaths = {
  /** 200 {email, role}; 401 staff_login_required. */
  me: '/api/staff/me',
  /** 200 SupportSearch; 422 invalid_query. */
  search: (q: string) => `/api/support/carts?${new URLSearchParams({ q }).toString()}`,
  /** 200 SupportTimeline; 404 cart_not_found; 409 ambiguous_reference; 422 version_not_found / before_first_event. */
  timeline: (ref: string, options: { version?: number; at?: string } = {}) => {
    const params = new URLSearchParams();
    if (options.version !== undefined) params.set('version', String(options.version));
    if (options.at !== undefined) params.set('at', options.at);
    const query = params.toString();
    return `/api/support/carts/${encodeURIComponent(ref)}/timeline${query ? `?${query}` : ''}`;
  },
  /** A file download (attachment) of the whole history. */
  export: (ref: string, format: 'json' | 'csv') => `/api/support/carts/${encodeURIComponent(ref)}/export?format=${format}`,
  /** Admins only: 200 SupportAudit; 403 staff_role_forbidden for anyone else. */
  audit: (options: { limit?: number; beforeId?: number | null } = {}) => {
    const params = new URLSearchParams({ limit: String(options.limit ?? 100) });
    if (options.beforeId !== undefined && options.beforeId !== null) params.set('before_id', String(options.beforeId));
    return `/api/support/audit?${params.toString()}`;
  },
} as const;

/** The answer of a support call: the body, or the HTTP status (0: no answer) and the error body. */
export type ApiResult<T> = { kind: 'ok'; data: T } | { kind: 'error'; status: number; error: SupportError };

const FAILED: SupportError = { code: 'request_failed', message: 'The server could not be reached. Please try again.' };

function errorBody(status: number, body: unknown): SupportError {
  const value = body as Partial<SupportError> | null;
  if (value && typeof value.code === 'string' && typeof value.message === 'string') {
    return { code: value.code, message: value.message, ...(Array.isArray(value.candidates) ? { candidates: value.candidates.map(String) } : {}) };
  }
  return { code: `http_${status}`, message: `The server answered ${status}.` };
}

/** GET `url` as JSON with the staff cookie. Rejects only on abort. */
export async function getSupportJson<T>(url: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, cache: 'no-store', signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    console.warn(`GET ${url} failed`, error);
    return { kind: 'error', status: 0, error: FAILED };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { kind: 'error', status: response.status, error: errorBody(response.status, body) };
  if (body === null || typeof body !== 'object') return { kind: 'error', status: response.status, error: errorBody(response.status, null) };
  return { kind: 'ok', data: body as T };
}

/** GET /api/staff/me: the signed-in staff user. */
export const getStaffMe = (signal?: AbortSignal) => getSupportJson<SupportStaff>(supportApiPaths.me, signal);

/** GET /api/support/carts?q=: carts matching an order number, email, coupon, SKU or reference. */
export const searchCarts = (q: string, signal?: AbortSignal) => getSupportJson<SupportSearch>(supportApiPaths.search(q), signal);

/**
 * GET /api/support/carts/{ref}/timeline: every event of a cart with its state after each; `version`
 * (when given) is the one the staff member opened, recorded in the audit log.
 */
export const getTimeline = (ref: string, version: number | undefined, signal?: AbortSignal) =>
  getSupportJson<SupportTimeline>(supportApiPaths.timeline(ref, { version }), signal);

/** GET /api/support/audit: a page of the audit log (admins only), older than `beforeId` when given. */
export const getAudit = (beforeId: number | null, signal?: AbortSignal) =>
  getSupportJson<SupportAudit>(supportApiPaths.audit({ beforeId }), signal);
