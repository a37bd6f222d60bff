/**
 * The support console's JSON shapes (docs/spec.md section 2.14), written by hand from the support
 * API's contract until its OpenAPI schemas are generated; then each becomes an alias of
 * `Schemas[...]` (see features/configurator/types.ts) under the same name. Snake case on purpose:
 * these are the API's field names. Money: integer minor units of the named `currency`; times:
 * ISO 8601 UTC strings.
 */
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** The currencies a cart can be in. */
export type SupportCurrency = 'EUR' | 'USD';

/** The staff roles `GET /api/staff/me` answers with. */
export type SupportStaffRole = 'admin' | 'reviewer' | 'support' | 'analyst';

/** `GET /api/staff/me`: the signed-in staff user (401 without a session). */
export interface SupportStaff {
  email: string;
  role: SupportStaffRole;
}

/** Why a search found a cart. */
export type SupportMatch = 'reference' | 'order' | 'email' | 'coupon' | 'sku';

/** One cart found by a search: its latest version's summary (`total` in minor units of `currency`). */
export interface SupportCart {
  cart_id: string;
  /** The support reference, "K7F-3QX". */
  reference: string;
  matched_by: SupportMatch[];
  first_activity: string;
  last_activity: string;
  version: number;
  line_count: number;
  item_count: number;
  total: number;
  currency: SupportCurrency;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  checkout_started: boolean;
  order_numbers: string[];
}

/** `GET /api/support/carts?q=`: the carts that match the query. */
export interface SupportSearch {
  query: string;
  results: SupportCart[];
}

/** The cart events a timeline lists, plus the commands the cart refused. */
export type SupportEventType =
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

/** Who caused an event. */
export type SupportActor = 'shopper' | 'staff' | 'system';

/** A refused command: the error the shopper got (`status` is its HTTP status). */
export interface SupportRefusal {
  code: string;
  message: string;
  status: number;
}

/** One changed value between a version and the one before (`path` like "lines[0].count"). */
export interface SupportDiff {
  path: string;
  before: unknown;
  after: unknown;
}

/** The cart API's own state, as the shopper saw it after an event. */
export type CartState = Schemas['CartState'];

/** One event of a cart's history with the cart as the shopper saw it after it. */
export interface TimelineEntry {
  version: number;
  at: string;
  event_type: SupportEventType;
  actor: SupportActor;
  command_id: string | null;
  /** Plain English, e.g. "Added Loki 75 x1 at €129.99". */
  description: string;
  refusal: SupportRefusal | null;
  /** The order's number, on OrderPlaced. */
  order_id: string | null;
  state: CartState;
  diff: SupportDiff[];
}

/** The buyer of an order, while their personal data is kept. */
export interface SupportCustomer {
  email: string;
  first_name: string;
  last_name: string;
}

/** An order placed from the cart (`total` in minor units of `currency`). */
export interface SupportOrder {
  number: string;
  status: string;
  total: number;
  currency: SupportCurrency;
  cart_version: number;
  date_created: string;
  /** null once the personal data is erased (then `erased` is true). */
  customer: SupportCustomer | null;
  erased: boolean;
}

/** Regular and sale price in one currency (minor units); `sale` null when not on sale. */
export interface SupportPricePair {
  regular: number;
  sale: number | null;
}

/** A product's price today, for comparing with the price the shopper saw. */
export interface TodayPrice {
  product_id: number;
  variation_id: number | null;
  available: boolean;
  eur: SupportPricePair | null;
  usd: SupportPricePair | null;
}

/** `GET /api/support/carts/{ref}/timeline`: a cart's whole history. */
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

/** What a support look was. */
export type AuditView = 'search' | 'timeline' | 'export_json' | 'export_csv';

/** One look at a cart (or one search) by a staff member. */
export interface AuditEntry {
  id: number;
  at: string;
  staff_id: number | null;
  staff_email: string | null;
  staff_role: string | null;
  channel: 'api' | 'cli';
  view: AuditView;
  cart_id: string | null;
  reference: string | null;
  version: number | null;
  query: string | null;
  result_count: number | null;
}

/** `GET /api/support/audit`: a page of the audit log, newest first; `next_before_id` pages on. */
export interface SupportAudit {
  entries: AuditEntry[];
  next_before_id: number | null;
}

/** A support API error body: `{code, message}`, `candidates` with `ambiguous_reference`. */
export interface SupportError {
  code: string;
  message: string;
  candidates?: string[];
}
