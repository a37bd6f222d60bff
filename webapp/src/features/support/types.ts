/**
 * The support console's JSON shapes (docs/spec.md section 2.14): aliases of the support API's
 * generated OpenAPI schemas (src/types/api.gen.ts, `npm run gen:api`), as in
 * features/configurator/types.ts; the smaller names below are derived from them.
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
export type SupportCart = Schemas['SearchResultOut'];
/** `GET /api/support/carts?q=`: the carts that match the query (422 `invalid_query`). */
export type SupportSearch = Schemas['SearchOut'];
/** The cart API's own state, as the shopper saw it after an event. */
export type CartState = Schemas['CartState'];
/** One event of a cart's history with the cart as the shopper saw it after it. */
export type TimelineEntry = Schemas['TimelineEntryOut'];
/** An order placed from the cart (`total` in minor units of `currency`; `customer` null once erased). */
export type SupportOrder = Schemas['SupportOrderOut'];
/** A product's price today in both currencies (minor units; `sale` null when not on sale). */
export type TodayPrice = Schemas['TodayPriceOut'];
/**
 * `GET /api/support/carts/{ref}/timeline`: a cart's whole history. 404 `cart_not_found`, 409
 * `ambiguous_reference` (with `candidates`), 422 `version_not_found` / `before_first_event`.
 */
export type SupportTimeline = Schemas['TimelineOut'];
/** One look at a cart (or one search) by a staff member. */
export type AuditEntry = Schemas['AuditEntryOut'];
/** `GET /api/support/audit`: a page of the audit log, newest first (admins only). */
export type SupportAudit = Schemas['AuditOut'];

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
