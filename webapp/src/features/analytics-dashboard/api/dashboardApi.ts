/**
 * The analytics dashboard's calls (docs/spec.md section 2.15). Every call sends the HttpOnly
 * `staff_session` cookie and never throws for an HTTP answer: the caller gets `ok` with the body,
 * or `error` with the status and the server's `{code, message}` (a network failure is status 0).
 * An abort rejects, as fetch does.
 */
import type { AnalyticsError, AnalyticsStaff, Dashboard } from '../types';

/** The read-model tables that download as CSV (docs/analytics.md), in the page's order. */
export const ANALYTICS_TABLES = [
  'analytics_funnel_daily',
  'analytics_revenue_daily',
  'analytics_product_daily',
  'analytics_abandoned_carts',
  'analytics_coupon_ledger',
  'analytics_configurator_choices',
  'analytics_cart_events',
] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/** A closed range of UTC days, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: DayRange) => new URLSearchParams({ from, to }).toString();

/** The analytics API's addresses, defined once. */
export const analyticsApiPaths = {
  /** 200 {email, role}; 401 staff_login_required. */
  me: '/api/staff/me',
  /** 200 Dashboard; 401; 403 staff_role_forbidden; 422 invalid_date_range. */
  dashboard: (range: DayRange) => `/api/analytics/dashboard?${rangeQuery(range)}`,
  /** A CSV download (attachment) of one table's rows of the range. */
  tableCsv: (table: AnalyticsTable, range: DayRange) => `/api/analytics/tables/${table}.csv?${rangeQuery(range)}`,
} as const;

/** The answer of a call: the body, or the HTTP status (0: no answer) and the error body. */
export type ApiResult<T> = { kind: 'ok'; data: T } | { kind: 'error'; status: number; error: AnalyticsError };

const FAILED: AnalyticsError = { code: 'request_failed', message: 'The server could not be reached. Please try again.' };

function errorBody(status: number, body: unknown): AnalyticsError {
  const value = body as Partial<AnalyticsError> | null;
  if (value && typeof value.code === 'string' && typeof value.message === 'string') return { code: value.code, message: value.message };
  return { code: `http_${status}`, message: `The server answered ${status}.` };
}

/** GET `url` as JSON with the staff cookie. Rejects only on abort. */
export async function getAnalyticsJson<T>(url: string, signal?: AbortSignal): Promise<ApiResult<T>> {
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
export const getStaffMe = (signal?: AbortSignal) => getAnalyticsJson<AnalyticsStaff>(analyticsApiPaths.me, signal);

/** GET /api/analytics/dashboard: every figure of the page for `range`. */
export const getDashboard = (range: DayRange, signal?: AbortSignal) => getAnalyticsJson<Dashboard>(analyticsApiPaths.dashboard(range), signal);
