/**
 * Test data and a fake analytics API for the dashboard's tests (docs/spec.md section 2.15): a
 * complete dashboard document of the contract's shape, and a fetch stub answering by path.
 */
import type { AnalyticsStaff, Dashboard } from './types';

/** Every day from `from` to `to` (UTC), `YYYY-MM-DD`. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * A dashboard for `from`..`to` with 12 carts started on the first day (8 with an add, 5 at
 * checkout, 3 ordered), revenue in EUR (DE, FR) and USD (US), two top products, abandonment, a
 * refused coupon and a configurator choice; caught up.
 */
export function dashboard(from = '2026-11-01', to = '2026-11-03', fields: Partial<Dashboard> = {}): Dashboard {
  const days = daysBetween(from, to);
  const zero = { carts_started: 0, carts_with_add: 0, checkouts_started: 0, orders_placed: 0 };
  const first = { carts_started: 12, carts_with_add: 8, checkouts_started: 5, orders_placed: 3 };
  return {
    start: from,
    end: to,
    days: days.length,
    funnel: { totals: first, by_day: days.map((day, n) => ({ day, ...(n === 0 ? first : zero) })) },
    revenue: {
      totals: [
        { currency: 'EUR', orders: 2, items: 3, subtotal: 35_008, discount: 1_000, shipping: 990, tax: 5_589, total: 35_998 },
        { currency: 'USD', orders: 1, items: 1, subtotal: 13_999, discount: 0, shipping: 0, tax: 0, total: 13_999 },
      ],
      by_day: [
        { day: from, currency: 'EUR', orders: 2, items: 3, subtotal: 35_008, discount: 1_000, shipping: 990, tax: 5_589, total: 35_998 },
        { day: from, currency: 'USD', orders: 1, items: 1, subtotal: 13_999, discount: 0, shipping: 0, tax: 0, total: 13_999 },
      ],
      by_country: [
        { country: 'DE', currency: 'EUR', orders: 1, items: 2, subtotal: 25_998, discount: 1_000, shipping: 0, tax: 4_151, total: 25_998 },
        { country: 'FR', currency: 'EUR', orders: 1, items: 1, subtotal: 9_010, discount: 0, shipping: 990, tax: 1_438, total: 10_000 },
        { country: 'US', currency: 'USD', orders: 1, items: 1, subtotal: 13_999, discount: 0, shipping: 0, tax: 0, total: 13_999 },
      ],
    },
    top_products: [
      { product_id: 1103, name: 'Loki 75', sku: 'LOKI75', adds: 26, removes: 5, net_quantity: 21, orders: 4, units_sold: 6, removals_after_price_change: 2 },
      { product_id: 77, name: null, sku: null, adds: 3, removes: 3, net_quantity: 0, orders: 0, units_sold: 0, removals_after_price_change: 0 },
    ],
    abandonment: [
      { last_step: 'cart', currency: 'EUR', carts: 4, items: 6, value: 45_000, returned: 1, ordered_after: 0 },
      { last_step: 'checkout', currency: 'USD', carts: 1, items: 1, value: 13_999, returned: 1, ordered_after: 1 },
    ],
    coupon_refusals: [
      { coupon_code: 'save10', refusal_code: 'coupon_min_spend', refusals: 4, carts: 3, carts_ordered_after: 2 },
      { coupon_code: '', refusal_code: 'coupon_not_found', refusals: 2, carts: 1, carts_ordered_after: 0 },
    ],
    configurator_choices: [
      { product_id: 26907, product_name: 'Custom Keyboard Builder', layer_id: 'case', layer_name: 'Case', choice_id: 'alu', choice_name: 'Aluminium', selected: 5, added: 6, removed: 1, ordered: 3 },
    ],
    lag: {
      caught_up: true,
      data_up_to: '2026-11-25T09:30:00Z',
      as_of: '2026-11-25T09:30:00Z',
      projections: [{ name: 'analytics_funnel_daily', position: 40, head: 40, lag_events: 0, lag_seconds: 0 }],
    },
    ...fields,
  };
}

type Answer = { status: number; body: unknown };
type Route = (url: URL) => Answer | undefined;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs the global fetch: `/api/staff/me` answers as `staff` (null: 401 staff_login_required),
 * `/api/analytics/dashboard` with `dashboard(from, to)` of the URL's range, the rest by `routes`
 * (first non-undefined answer; anything else 404). Gives the mock (its calls).
 */
export function serveAnalytics(staff: AnalyticsStaff | null, routes: Route[] = []) {
  const fetchMock = vi.fn((input: string | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/staff/me') {
      return Promise.resolve(staff ? json(200, staff) : json(401, { code: 'staff_login_required', message: 'Sign in as staff.' }));
    }
    for (const route of routes) {
      const answer = route(url);
      if (answer) return Promise.resolve(json(answer.status, answer.body));
    }
    if (url.pathname === '/api/analytics/dashboard') {
      return Promise.resolve(json(200, dashboard(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '')));
    }
    return Promise.resolve(json(404, { code: 'not_found', message: 'Not found.' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetched so far, without the staff check. */
export const fetchedUrls = (fetchMock: ReturnType<typeof serveAnalytics>) =>
  fetchMock.mock.calls.map(([input]) => input.toString()).filter((url) => url !== '/api/staff/me');

/** A staff member of each role. */
export const ANALYST: AnalyticsStaff = { email: 'ana@halvard.example', role: 'analyst' };
export const ADMIN: AnalyticsStaff = { email: 'ada@halvard.example', role: 'admin' };
export const REVIEWER: AnalyticsStaff = { email: 'rey@halvard.example', role: 'reviewer' };
export const SUPPORT: AnalyticsStaff = { email: 'sam@halvard.example', role: 'support' };
