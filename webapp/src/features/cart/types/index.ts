/**
 * Shapes of the server cart (services/cart: rules.py, domain.py, application.cart_state) and of
 * the catalogue facts its rules decide with (services/cart/facts.py). Snake case on purpose: these
 * are the JSON shapes of the API and of tests/vectors/cart_rules.json. Money: integer minor units.
 */

export type CartCurrency = 'EUR' | 'USD';

/** Regular and sale price in one currency; `sale` null when not on sale. */
export interface PricePair {
  regular: number;
  sale: number | null;
}

export interface LineStock {
  stock_status: string;
  stock_quantity: number | null;
  manage_stock: boolean;
  backorders: string;
}

/** A chosen configurator option as recorded on a line. */
export interface ChosenOption {
  layer_id: string;
  choice_id: string;
  name: string;
  layer_name: string;
  extra_eur: number;
  extra_usd: number;
  has_backorder: boolean;
}

/** A line as the rules see it (recorded by ItemAdded; docs/events.md). */
export interface RuleLine {
  line_id: string;
  product_id: number;
  variation_id: number | null;
  sku: string | null;
  name: string;
  image: string | null;
  variation_label: string;
  count: number;
  eur: PricePair;
  usd: PricePair;
  configuration: ChosenOption[] | null;
  recommended_by: number | null;
  use_discount: boolean;
  discount_percent: number;
  recommended_eur: number | null;
  recommended_usd: number | null;
  stock: LineStock;
}

/** A line as the shopper sees it: prices in the cart's currency (application.line_view). */
export interface LineView extends RuleLine {
  unit_price: number;
  regular_price: number;
  extras: number;
  line_total: number;
  on_sale: boolean;
  preorder: boolean;
  cap: number;
}

export interface CartTotals {
  currency: CartCurrency;
  item_count: number;
  subtotal: number;
  subtotal_regular: number;
  on_sale: boolean;
  total: number;
  tax_included: number;
  preorder: boolean;
  /** Coupon discount (minor units), decided by the server (services/discounts); `total` is after it. */
  discount?: number;
}

/** A coupon applied to the cart, as the server's cart state lists it (amounts in minor units). */
export interface CartCoupon {
  code: string;
  discount_type: string;
  amount: number;
  /** What this coupon takes off the cart, minor units of the cart's currency. */
  discount: number;
  free_shipping: boolean;
}

export interface CartCountry {
  code: string;
  name: string;
  currency: CartCurrency;
}

/** The aggregate's state (what the rules change). `version` 0 = not started on the server yet. */
export interface CartModel {
  cart_id: string | null;
  version: number;
  country: CartCountry;
  currency: CartCurrency;
  tax: { name: string; rate_bp: number };
  intent: PaymentIntent | null;
  next_line: number;
  checkout_started: boolean;
  lines: RuleLine[];
}

/** The cart state the API answers with (application.cart_state). */
export interface CartView extends Omit<CartModel, 'lines'> {
  lines: LineView[];
  totals: CartTotals;
  /** Applied coupons (server-decided; absent in carts saved before coupons existed). */
  coupons?: CartCoupon[];
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
export type PaymentIntent = 'bacs' | 'cheque' | 'cod' | 'stripe' | 'paypal';

/** Commands of POST /api/cart/commands (services/cart/schemas.py). Prices are never sent. */
export type CartCommand =
  | { type: 'add'; product_id: number; variation_id?: number | null; configuration?: string[] | null; recommended_by?: number | null }
  | { type: 'set_count'; line_id: string; count: number }
  | { type: 'remove'; line_id: string }
  | { type: 'set_country'; country: string }
  | { type: 'set_payment_intent'; intent: PaymentIntent }
  | { type: 'clear' }
  /** With `lines`, the hand-off (spec 4): the server cart is made to match them atomically. */
  | { type: 'start_checkout'; lines?: CheckoutLine[] }
  /**
   * Coupons are decided by the server only (no optimistic apply). No email: the email
   * restriction and the per-user limit are checked at checkout (docs/events.md, "Coupons").
   */
  | { type: 'apply_coupon'; code: string }
  | { type: 'remove_coupon'; code: string };

/** One line of the hand-off: what the shopper's cart holds (configuration as "layer_id:choice_id" keys). */
export interface CheckoutLine {
  product_id: number;
  variation_id: number | null;
  count: number;
  configuration: string[] | null;
  recommended_by: number | null;
}

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
  /** Count changes the optimistic apply predicted, per product/variation (analytics fallback). */
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

/** What is saved in local storage under "cart" (spec section 3): id, variation id, count, configuration. */
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
