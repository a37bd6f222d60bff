/**
 * Shapes of the checkout API (services/checkout; docs/checkout.md) and what the checkout page needs
 * of the cart. Money: integer minor units of `currency`; prices always come from the server.
 */

import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/*
 * The checkout's answers as the back end's OpenAPI document states them
 * (services/checkout/schemas.py; `npm run gen:api`). The server is the source of truth: change
 * those models and regenerate, never these aliases by hand.
 */

export type CheckoutCurrency = Schemas['QuoteOut']['currency'];

/** GET /api/checkout/shipping-methods: a flat rate of the country's zone, free over `free_over`. */
export type ShippingMethod = Schemas['ShippingMethodOut'];
/** GET /api/checkout/payment-methods: an enabled payment method. */
export type PaymentMethod = Schemas['PaymentMethodOut'];
/** A priced line of the quote. */
export type QuoteLine = Schemas['QuoteLineOut'];
/** POST /api/checkout/quote: the totals the order would have, from the server cart. */
export type Quote = Schemas['QuoteOut'];
/** POST /api/checkout/orders: the order placed, its key and where to pay (null: bank transfer). */
export type OrderPlaced = Schemas['OrderPlacedOut'];

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

/**
 * The cart as the checkout page shows it: the fields it reads of the server's cart state
 * (`CartState`), which the cart feature's optimistic view also has (`discount` and `coupons`
 * are the server's only, hence optional here).
 */
export type CheckoutCart = Pick<Schemas['CartState'], 'version' | 'currency' | 'country' | 'tax'> & {
  lines: Pick<Schemas['ShownLine'], 'line_id' | 'name' | 'count' | 'line_total' | 'variation_label'>[];
  totals: Pick<Schemas['DiscountedTotals'], 'subtotal' | 'total' | 'tax_included' | 'item_count'> &
    Partial<Pick<Schemas['DiscountedTotals'], 'subtotal_regular' | 'on_sale'>> & { discount?: number };
  coupons?: Pick<Schemas['CouponLine'], 'code' | 'discount'>[];
};

/** What placing the order answered: placed, a field problem, a refusal, or try again. */
export type PlaceResult =
  /** `redirectUrl`: a hosted payment page to go to (null for bank transfer). */
  | { kind: 'placed'; orderId: string; orderKey: string; redirectUrl: string | null }
  | { kind: 'invalid'; code: string; message: string; fields: Record<string, string> }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'retry'; status: number | null; message: string };
