/**
 * Shapes of the server cart (services/cart: rules.py, domain.py, application.cart_state) and of
 * the catalogue facts its rules decide with (services/cart/facts.py). Snake case on purpose: these
 * are the JSON shapes of the API and of tests/vectors/cart_rules.json. Money: integer minor units.
 */

import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/**
 * The cart's answer as the back end's OpenAPI document states it (services/cart/types.py
 * `CartState`, `CartEnvelope` in services/cart/schemas.py; `npm run gen:api`). The server is the
 * source of truth: change those and regenerate, never these aliases by hand.
 */
export type CartEnvelope = Schemas['CartEnvelope'];

/** The currencies a cart can be in (the server sends them as plain strings). */
export type CartCurrency = 'EUR' | 'USD';

/** Regular and sale price in one currency; `sale` null when not on sale. */
export type PricePair = Schemas['LinePrice'];
export type LineStock = Schemas['LineStock'];
/**
 * A chosen configurator option as recorded on a line: `image` (the choice's image for the
 * configurator's use_in_cart angle), `z` (layer stack + image z) and `sku_part` are missing on
 * lines recorded before the configurator (docs/spec.md section 2.13).
 */
export type ChosenOption = Schemas['ChosenOption'];
/** A line as the shopper sees it: prices in the cart's currency (application.line_view). */
export type LineView = Schemas['ShownLine'];
/** What `line_view` adds to a recorded line. */
type LineViewOnly = 'unit_price' | 'regular_price' | 'extras' | 'line_total' | 'on_sale' | 'preorder' | 'cap';
/** A line as the rules see it (recorded by ItemAdded; docs/events.md). */
export type RuleLine = Omit<LineView, LineViewOnly>;
/** The totals the server answers (`discount` is the coupons', minor units; `total` is after it). */
export type ServerTotals = Schemas['DiscountedTotals'];
/** Totals as the client's rules compute them (no coupons: those are decided by the server only). */
export type CartTotals = Omit<ServerTotals, 'discount'> & { discount?: number };
/** A coupon applied to the cart, as the server's cart state lists it (amounts in minor units). */
export type CartCoupon = Schemas['CouponLine'];
export type CartCountry = Schemas['CountryView'];
/** The cart state the API answers with (application.cart_state). */
export type CartState = Schemas['CartState'];

/**
 * The aggregate's state as the client's rules change it optimistically (a client-side shape):
 * `cart_id` null and `version` 0 = not started on the server yet.
 */
export interface CartModel extends Omit<CartState, 'cart_id' | 'lines' | 'totals' | 'coupons' | 'orders'> {
  cart_id: string | null;
  lines: RuleLine[];
}

/** The cart state as the store holds it: the server's answer, or the rules' optimistic view of it. */
export interface CartView extends Omit<CartModel, 'lines'> {
  lines: LineView[];
  totals: CartTotals;
  coupons?: CartCoupon[];
  orders?: string[];
}

/** A configurator choice (facts.ChoiceFacts); extras already parsed (non-numeric -> 0). */
export interface ChoiceFacts {
  layer_id: string;
  choice_id: string;
  name: string;
  layer_name: string;
  extra_eur: number;
  extra_usd: number;
  stock_status: string;
  has_backorder: boolean;
}

/** What the rules need to know about a product or one of its variations (facts.ProductFacts). */
export interface ProductFacts {
  product_id: number;
  variation_id: number | null;
  sku: string | null;
  name: string;
  image: string | null;
  product_type: string;
  availability: string | null;
  eur: PricePair;
  usd: PricePair;
  stock_status: string;
  stock_quantity: number | null;
  manage_stock: boolean;
  backorders: string;
  variation_ids: number[];
  variation_label: string;
  recommended_product_ids: number[];
  recommended_discount: number;
  recommended_discount_active: boolean;
  recommended_price_eur: number | null;
  recommended_price_usd: number | null;
  choices: Record<string, ChoiceFacts>;
  published?: boolean;
  /** The product's categories (coupon restrictions, docs/spec.md 5); recorded on the line. */
  category_ids?: number[];
}

/** A shipping country with its currency and tax (rate in hundredths of a percent). */
export interface CountryFacts {
  code: string;
  name: string;
  currency: CartCurrency;
  tax_name: string;
  tax_rate_bp: number;
}

/**
 * How the shopper means to pay (services/cart/rules.py PAYMENT_INTENTS): WooCommerce payment
 * gateway ids, a closed set, so the cart's PaymentIntentSet event never holds free text
 * (docs/events.md, "What events never hold").
 */
export type PaymentIntent = Schemas['SetPaymentIntent']['intent'];

/**
 * Commands of POST /api/cart/commands (services/cart/schemas.py `Command`). Prices are never sent.
 * `start_checkout` with `lines` is the hand-off (spec 4): the server cart is made to match them
 * atomically. Coupons are decided by the server only (no optimistic apply); no email: the email
 * restriction and the per-user limit are checked at checkout (docs/events.md, "Coupons").
 */
export type CartCommand =
  | Schemas['AddItem']
  | Schemas['SetCount']
  | Schemas['RemoveItem']
  | Schemas['SetCountry']
  | Schemas['SetPaymentIntent']
  | Schemas['ClearCart']
  | Schemas['StartCheckout']
  | Schemas['ApplyCoupon']
  | Schemas['RemoveCoupon'];

/**
 * One line of the hand-off: what the shopper's cart holds (configuration as "layer_id:choice_id"
 * keys). The storefront always sends every field (the server defaults the optional ones).
 */
export type CheckoutLine = Required<Schemas['CheckoutLine']>;

export type CartCommandType = CartCommand['type'];

/** A refusal: stable `code`, `message` for the shopper, HTTP `status` (409/422). */
export interface Refusal {
  code: string;
  message: string;
  status: number;
  /** A 429 `rate_limited` answer: seconds until the shopper may try again. */
  retryAfter?: number;
}

/** One command waiting for the server; `id` is its Idempotency-Key, reused on every retry. */
export interface OutboxEntry {
  id: string;
  command: CartCommand;
  createdAt: number;
  attempts: number;
  /** Count changes the optimistic apply decided, per product/variation: which products the command touches (analytics counts what the server applied to those). */
  deltas?: CountDelta[];
}

export interface CountDelta {
  product_id: number;
  variation_id: number | null;
  delta: number;
}

/** An analytics hit for GET /api/ga/added-to-cart or /api/ga/removed-from-cart. */
export interface GaEvent {
  event_id: string;
  kind: 'added' | 'removed';
  product_id: number;
  variation_id: number | null;
  quantity: number;
  createdAt: number;
  attempts: number;
}

/** What is saved in local storage under "cart" (docs/spec.md section 3): id, variation id, count, configuration. */
export interface PersistedLine {
  id: number;
  variationId: number | null;
  count: number;
  configuration: unknown[] | null;
}

/** A configuration entry of the old client-only cart (version 1), kept for the migration. */
export interface LegacyConfigurationEntry {
  layer_id?: number | string;
  choice_id?: number | string;
  name?: string;
  [key: string]: unknown;
}
