/**
 * Test data and a fake support API for the support console's tests (docs/spec.md section 2.14):
 * complete objects of the contract's shapes, and a fetch stub answering by path.
 */
import type { CartState, SupportAudit, SupportCart, SupportOrder, SupportStaff, SupportTimeline, TimelineEntry, TodayPrice } from './types';

type Line = CartState['lines'][number];

export const CART_ID = '6f1c2d3e-0000-5000-8000-000000000000';
export const REFERENCE = 'DWE-2TF';

/** A cart line as the shopper saw it (minor units of the cart's currency). */
export function line(fields: Partial<Line> = {}): Line {
  return {
    line_id: 'l1',
    product_id: 1103,
    variation_id: null,
    sku: 'LOKI75',
    name: 'Loki 75',
    image: null,
    variation_label: '',
    count: 1,
    unit_price: 12999,
    regular_price: 12999,
    extras: 0,
    line_total: 12999,
    on_sale: false,
    preorder: false,
    cap: 10,
    configuration: null,
    discount_percent: 0,
    eur: { regular: 12999, sale: null },
    usd: { regular: 13999, sale: null },
    recommended_by: null,
    recommended_eur: null,
    recommended_usd: null,
    stock: { backorders: 'no', manage_stock: false, stock_quantity: null, stock_status: 'instock' },
    use_discount: false,
    ...fields,
  };
}

/** A cart state in Germany (EUR, MwSt. 19 %) with `lines`; totals from the lines. */
export function cartState(version: number, lines: Line[], fields: Partial<CartState> = {}): CartState {
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  return {
    cart_id: CART_ID,
    version,
    next_line: lines.length + 1,
    country: { code: 'DE', name: 'Germany', currency: 'EUR' },
    currency: 'EUR',
    tax: { name: 'MwSt.', rate_bp: 1900 },
    intent: null,
    checkout_started: false,
    orders: [],
    lines,
    coupons: [],
    totals: {
      currency: 'EUR',
      subtotal,
      subtotal_regular: subtotal,
      item_count: lines.reduce((sum, l) => sum + l.count, 0),
      tax_included: Math.round((subtotal * 19) / 119),
      on_sale: false,
      preorder: false,
      discount: 0,
      total: subtotal,
    },
    ...fields,
  };
}

function entry(fields: Partial<TimelineEntry> & Pick<TimelineEntry, 'version' | 'event_type' | 'description' | 'state'>): TimelineEntry {
  return { at: `2026-11-21T09:0${fields.version}:00Z`, actor: 'shopper', command_id: `cmd-${fields.version}`, refusal: null, order_id: null, diff: [], ...fields };
}

/** Five versions: started, added Loki 75, a refused add, count set to 2, order placed. */
export function timeline(fields: Partial<SupportTimeline> = {}): SupportTimeline {
  const one = line();
  const two = line({ count: 2, line_total: 25998 });
  const entries: TimelineEntry[] = [
    entry({ version: 1, event_type: 'Started', actor: 'system', command_id: null, description: 'Started in Germany (EUR)', state: cartState(1, []) }),
    entry({
      version: 2,
      event_type: 'ItemAdded',
      description: 'Added Loki 75 x1 at €129.99',
      state: cartState(2, [one]),
      diff: [
        { path: 'lines.L1.count', before: null, after: 1 },
        { path: 'totals.total', before: 0, after: 12999 },
      ],
    }),
    entry({
      version: 3,
      event_type: 'CommandRefused',
      description: 'Refused: add Tyr TKL',
      refusal: { code: 'out_of_stock', message: 'Tyr TKL is out of stock.', status: 409 },
      state: cartState(3, [one]),
    }),
    entry({
      version: 4,
      event_type: 'ItemCountSet',
      description: 'Set Loki 75 to 2',
      state: cartState(4, [two]),
      diff: [
        { path: 'lines.L1.count', before: 1, after: 2 },
        { path: 'totals.total', before: 12999, after: 25998 },
      ],
    }),
    entry({
      version: 5,
      event_type: 'OrderPlaced',
      actor: 'system',
      description: 'Order 482913570 placed',
      order_id: '482913570',
      state: cartState(5, [two], { checkout_started: true, orders: ['482913570'] }),
      diff: [{ path: 'orders', before: [], after: ['482913570'] }],
    }),
  ];
  return {
    cart_id: CART_ID,
    reference: REFERENCE,
    version: 5,
    selected_version: 5,
    first_activity: '2026-11-21T09:01:00Z',
    last_activity: '2026-11-21T09:05:00Z',
    entries,
    orders: [order()],
    today: [todayPrice()],
    ...fields,
  };
}

/** The order placed at version 5, its buyer's data kept. */
export function order(fields: Partial<SupportOrder> = {}): SupportOrder {
  return {
    number: '482913570',
    status: 'processing',
    total: 25998,
    currency: 'EUR',
    cart_version: 5,
    date_created: '2026-11-21T09:05:00Z',
    customer: { email: 'mila@example.com', first_name: 'Mila', last_name: 'Berg' },
    erased: false,
    ...fields,
  };
}

/** Loki 75 today: on sale at €119.99 (EUR), $139.99 (USD). */
export function todayPrice(fields: Partial<TodayPrice> = {}): TodayPrice {
  return { product_id: 1103, variation_id: null, available: true, eur: { regular: 12999, sale: 11999 }, usd: { regular: 13999, sale: null }, ...fields };
}

/** The timeline's cart as a search lists it: found by email and order. */
export function searchResult(fields: Partial<SupportCart> = {}): SupportCart {
  return {
    cart_id: CART_ID,
    reference: REFERENCE,
    matched_by: ['email', 'order'],
    first_activity: '2026-11-21T09:01:00Z',
    last_activity: '2026-11-21T09:05:00Z',
    version: 5,
    line_count: 1,
    item_count: 2,
    total: 25998,
    currency: 'EUR',
    country: 'DE',
    checkout_started: true,
    order_numbers: ['482913570'],
    ...fields,
  };
}

/** A page of the audit log: a timeline look per id (at version = id); `next` pages on. */
export function audit(ids: number[], next: number | null): SupportAudit {
  return {
    entries: ids.map((id) => ({
      id,
      at: '2026-11-21T10:00:00Z',
      staff_id: 7,
      staff_email: 'sam@halvard.example',
      staff_role: 'support',
      channel: 'api',
      view: 'timeline',
      cart_id: CART_ID,
      reference: REFERENCE,
      version: id,
      query: null,
      result_count: null,
    })),
    next_before_id: next,
  };
}

type Answer = { status: number; body: unknown };
type Route = (url: URL) => Answer | undefined;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs the global fetch: `/api/staff/me` answers as `staff` (null: 401 staff_login_required), the
 * rest by `routes` (first non-undefined answer; anything else 404). Gives the mock (its calls).
 */
export function serveSupport(staff: SupportStaff | null, routes: Route[] = []) {
  const fetchMock = vi.fn((input: string | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/staff/me') {
      return Promise.resolve(staff ? json(200, staff) : json(401, { code: 'staff_login_required', message: 'Sign in as staff.' }));
    }
    for (const route of routes) {
      const answer = route(url);
      if (answer) return Promise.resolve(json(answer.status, answer.body));
    }
    return Promise.resolve(json(404, { code: 'not_found', message: 'Not found.' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Every URL fetched so far, the staff check included. */
export const allUrls = (fetchMock: ReturnType<typeof serveSupport>) => fetchMock.mock.calls.map(([input]) => input.toString());

/** The URLs fetched so far, without the staff check. */
export const fetchedUrls = (fetchMock: ReturnType<typeof serveSupport>) => allUrls(fetchMock).filter((url) => url !== '/api/staff/me');

/** A staff member of each role. */
export const SUPPORT: SupportStaff = { email: 'sam@halvard.example', role: 'support' };
export const ADMIN: SupportStaff = { email: 'ada@halvard.example', role: 'admin' };
export const REVIEWER: SupportStaff = { email: 'rey@halvard.example', role: 'reviewer' };
export const ANALYST: SupportStaff = { email: 'ana@halvard.example', role: 'analyst' };
