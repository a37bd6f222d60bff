/**
 * The cart's events and `evolve`, the fold: a 1:1 port of services/cart/evolve.py. Pure: no I/O,
 * no clock, never changes its arguments. `decide` (decider.ts) works out a command's events with
 * it, and the store folds them into its optimistic cart. Events have exactly the server's type
 * names and payloads (docs/events.md) without `command_id`/`request_hash` (the server adds the
 * command's Idempotency-Key and body hash); tests/vectors/cart_rules.json lists them per step.
 * Money is integer minor units of the named currency; rates are hundredths of a percent.
 */
import type { CartCoupon, CartCurrency, CartModel, CountryFacts, LineStock, PaymentIntent, RuleLine, ServerTotals } from '../types';

/** A domain event as the server records it (docs/events.md); each one moves the version on by one. */
export type CartEvent =
  | { type: 'Started'; country: string; country_name: string; currency: CartCurrency; tax_name: string; tax_rate_bp: number }
  | { type: 'ItemAdded'; line: RuleLine }
  | { type: 'ItemCountSet'; line_id: string; count: number; requested: number; reason: 'added' | 'set' | 'capped'; stock: LineStock | null }
  | { type: 'ItemRemoved'; line_id: string; product_id: number; discount_cleared: string[] }
  | { type: 'CountrySet'; code: string; name: string; currency: CartCurrency; tax_name: string; tax_rate_bp: number }
  | { type: 'PaymentIntentSet'; intent: PaymentIntent }
  | { type: 'Cleared' }
  | { type: 'CheckoutStarted'; lines: RuleLine[]; totals: ServerTotals; coupons: CartCoupon[] }
  | { type: 'CommandRefused'; code: string; message: string; status: number };

/** A copy of `line` sharing nothing mutable with it. */
export function cloneLine(line: RuleLine): RuleLine {
  const copy: RuleLine = {
    ...line,
    eur: { ...line.eur },
    usd: { ...line.usd },
    stock: { ...line.stock },
    configuration: line.configuration ? line.configuration.map((c) => ({ ...c })) : line.configuration,
  };
  if (line.category_ids) copy.category_ids = [...line.category_ids];
  return copy;
}

/** A cart that the server has not seen yet (version 0): what a first command starts from. */
export function emptyCart(country: CountryFacts): CartModel {
  return {
    cart_id: null,
    version: 0,
    country: { code: country.code, name: country.name, currency: country.currency },
    currency: country.currency,
    tax: { name: country.tax_name, rate_bp: country.tax_rate_bp },
    intent: null,
    next_line: 1,
    checkout_started: false,
    lines: [],
  };
}

/** The `Started` event of a cart shipping to `country`. */
export function started(country: CountryFacts): CartEvent {
  return { type: 'Started', country: country.code, country_name: country.name, currency: country.currency, tax_name: country.tax_name, tax_rate_bp: country.tax_rate_bp };
}

/**
 * The cart after `event` (evolve.py `evolve`): a new CartModel one version on. `Started` begins a
 * cart (keeping `cart_id`); the others change what their docs/events.md row says.
 */
export function evolve(state: CartModel, event: CartEvent): CartModel {
  const next: CartModel = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'Started':
      return {
        ...emptyCart({ code: event.country, name: event.country_name, currency: event.currency, tax_name: event.tax_name, tax_rate_bp: event.tax_rate_bp }),
        cart_id: state.cart_id,
        version: state.version + 1,
      };
    case 'ItemAdded':
      return { ...next, lines: [...state.lines, cloneLine(event.line)], next_line: state.next_line + 1, checkout_started: false };
    case 'ItemCountSet':
      return {
        ...next,
        checkout_started: false,
        lines: state.lines.map((line) =>
          line.line_id === event.line_id ? { ...line, count: event.count, stock: event.stock ? { ...event.stock } : line.stock } : line,
        ),
      };
    case 'ItemRemoved':
      return {
        ...next,
        checkout_started: false,
        lines: state.lines
          .filter((line) => line.line_id !== event.line_id)
          .map((line) => (event.discount_cleared.includes(line.line_id) ? { ...line, use_discount: false } : line)),
      };
    case 'CountrySet':
      return { ...next, country: { code: event.code, name: event.name, currency: event.currency }, currency: event.currency, tax: { name: event.tax_name, rate_bp: event.tax_rate_bp } };
    case 'PaymentIntentSet':
      return { ...next, intent: event.intent };
    case 'Cleared':
      return { ...next, lines: [], checkout_started: false };
    case 'CheckoutStarted':
      return { ...next, checkout_started: true };
    case 'CommandRefused':
      return next;
  }
}

/** `evolve` over `events` in order, from `state`. */
export function fold(state: CartModel, events: readonly CartEvent[]): CartModel {
  return events.reduce(evolve, state);
}
