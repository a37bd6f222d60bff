/**
 * The support console's JSON shapes (docs/spec.md section 2.14), written by hand from the support
 * API's contract until its OpenAPI schemas are generated; then each of the main shapes
 * (SupportSearch, SupportCart, SupportTimeline, TimelineEntry, SupportOrder, TodayPrice,
 * SupportAudit, AuditEntry) becomes an alias of `Schemas[...]` under the same name (see
 * features/configurator/types.ts); the smaller names below are derived from them and follow.
 * Snake case on purpose: these are the API's field names. Money: integer minor units of the
 * named `currency`; times: ISO 8601 UTC strings.
 */
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** `GET /api/staff/me`: the signed-in staff user (401 `staff_login_required` without a session). */
export interface SupportStaff {
  email: string;
  role: 'admin' | 'reviewer' | 'support' | 'analyst';
}

/** One cart found by a search: its latest version's summary (`total` in minor units of `currency`). */
export interface SupportCart {
  cart_id: string;
  /** The support reference, "K7F-3QX". */
  reference: string;
  /** Why the search found it. */
  matched_by: ('reference' | 'order' | 'email' | 'coupon' | 'sku')[];
  first_activity: string;
  last_activity: string;
  version: number;
  line_count: number;
  item_count: number;
  total: number;
  currency: 'EUR' | 'USD';
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  checkout_started: boolean;
  order_numbers: string[];
}

/** `GET /api/support/carts?q=`: the carts that match the query (422 `invalid_query`). */
export interface SupportSearch {
  query: string;
  results: SupportCart[];
}

/** The cart API's own state, as the shopper saw it after an event. */
export type CartState = Schemas['CartState'];

/** One event of a cart's history with the cart as the shopper saw it after it. */
export interface TimelineEntry {
  version: number;
  at: string;
  /** The cart's events, and CommandRefused for a command the cart refused. */
  event_type:
    | 'Started'
    | 'ItemAdded'
    | 'ItemCountSet'
    | 'ItemRemoved'
    | 'CountrySet'
    | 'PaymentIntentSet'
    | 'Cleared'
    | 'CheckoutStarted'
    | 'CouponApplied'
    | 'CouponRemoved'
    | 'OrderPlaced'
    | 'CommandRefused';
  /** Who caused it. */
  actor: 'shopper' | 'staff' | 'system';
  command_id: string | null;
  /** Plain English, e.g. "Added Loki 75 x1 at €129.99". */
  description: string;
  /** A refused command: what the shopper was told (`status` is the HTTP status). */
  refusal: { code: string; message: string; status: number } | null;
  /** The order's number, on OrderPlaced. */
  order_id: string | null;
  state: CartState;
  /** What changed since the version before (`path` like "lines[0].count"). */
  diff: { path: string; before: unknown; after: unknown }[];
}

/** An order placed from the cart (`total` in minor units of `currency`). */
export interface SupportOrder {
  number: string;
  status: string;
  total: number;
  currency: 'EUR' | 'USD';
  cart_version: number;
  date_created: string;
  /** The buyer while their personal data is kept; null once erased (then `erased` is true). */
  customer: { email: string; first_name: string; last_name: string } | null;
  erased: boolean;
}

/** A product's price today in both currencies (minor units; `sale` null when not on sale). */
export interface TodayPrice {
  product_id: number;
  variation_id: number | null;
  available: boolean;
  eur: { regular: number; sale: number | null } | null;
  usd: { regular: number; sale: number | null } | null;
}

/**
 * `GET /api/support/carts/{ref}/timeline`: a cart's whole history. 404 `cart_not_found`, 409
 * `ambiguous_reference` (with `candidates`), 422 `version_not_found` / `before_first_event`.
 */
export interface SupportTimeline {
  cart_id: string;
  reference: string;
  /** The latest version. */
  version: number;
  /** The version asked for (`?version=` or `?at=`), else the latest. */
  selected_version: number;
  first_activity: string;
  last_activity: string;
  entries: TimelineEntry[];
  orders: SupportOrder[];
  today: TodayPrice[];
}

/** One look at a cart (or one search) by a staff member. */
export interface AuditEntry {
  id: number;
  at: string;
  staff_id: number | null;
  staff_email: string | null;
  staff_role: string | null;
  channel: 'api' | 'cli';
  view: 'search' | 'timeline' | 'export_json' | 'export_csv';
  cart_id: string | null;
  reference: string | null;
  version: number | null;
  query: string | null;
  result_count: number | null;
}

/** `GET /api/support/audit`: a page of the audit log, newest first; `next_before_id` pages on (admins only). */
export interface SupportAudit {
  entries: AuditEntry[];
  next_before_id: number | null;
}

/** A support API error body: `{code, message}`; `candidates` (cart ids) with `ambiguous_reference`. */
export interface SupportError {
  code: string;
  message: string;
  candidates?: string[];
}

/** The staff roles `GET /api/staff/me` answers with. */
export type SupportStaffRole = SupportStaff['role'];
/** The currencies a cart can be in. */
export type SupportCurrency = SupportCart['currency'];
/** Why a search found a cart. */
export type SupportMatch = SupportCart['matched_by'][number];
export type SupportEventType = TimelineEntry['event_type'];
export type SupportActor = TimelineEntry['actor'];
export type SupportRefusal = NonNullable<TimelineEntry['refusal']>;
export type SupportDiff = TimelineEntry['diff'][number];
export type SupportCustomer = NonNullable<SupportOrder['customer']>;
export type SupportPricePair = NonNullable<TodayPrice['eur']>;
export type AuditView = AuditEntry['view'];
