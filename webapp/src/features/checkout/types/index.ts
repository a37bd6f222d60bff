/**
 * Shapes of the checkout API (contract B: services/checkout) and what the checkout page needs
 * of the cart. Money: integer minor units of `currency`; prices always come from the server.
 */

export type CheckoutCurrency = 'EUR' | 'USD';

/** GET /api/checkout/shipping-methods: a flat rate of the country's zone, free over `free_over`. */
export interface ShippingMethod {
  id: string;
  title: string;
  cost: number;
  currency: CheckoutCurrency;
  free_over: number | null;
}

/** POST /api/checkout/quote: the totals the order would have, from the server cart. */
export interface Quote {
  currency: CheckoutCurrency;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  tax_name?: string;
  tax_rate_bp?: number;
  country?: string;
  shipping_method?: string;
  /** The destination's methods with their cost for this order (free over the threshold: 0). */
  shipping_methods?: ShippingMethod[];
  lines?: unknown[];
  coupons?: { code: string; discount: number }[];
  /** Applied coupons that do not apply to this order, with the server's message. */
  coupon_refusals?: { code: string; refusal: string; message: string }[];
}

/** The billing/shipping fields of POST /api/checkout/orders (WooCommerce names). */
export interface CheckoutFields {
  email: string;
  first_name: string;
  last_name: string;
  company?: string;
  address_1: string;
  address_2?: string;
  city: string;
  postcode: string;
  state?: string;
  country: string;
  phone?: string;
  shipping_method: string;
  payment_method: 'bacs';
  terms_accepted: boolean;
  customer_note?: string;
}

/** The cart as the checkout page shows it (a subset of the cart feature's CartView). */
export interface CheckoutCart {
  version: number;
  currency: CheckoutCurrency;
  country: { code: string; name: string };
  tax: { name: string; rate_bp: number };
  lines: { line_id: string; name: string; count: number; line_total: number; variation_label?: string }[];
  totals: { subtotal: number; total: number; tax_included: number; discount?: number; item_count: number };
  coupons?: { code: string; discount: number }[];
}

/** What placing the order answered: placed, a field problem, a refusal, or try again. */
export type PlaceResult =
  /** `redirectUrl`: a hosted payment page to go to (null for bank transfer). */
  | { kind: 'placed'; orderId: string; orderKey: string; redirectUrl: string | null }
  | { kind: 'invalid'; code: string; message: string; fields: Record<string, string> }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'retry'; status: number | null; message: string };
