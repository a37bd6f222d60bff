/**
 * The cart's rules, a 1:1 port of services/cart/rules.py (prices, caps, normalisation, totals,
 * docs/spec.md 4, 5 and 9), and the cart as the API shows it (line and cart views). The decisions
 * the store applies optimistically are `decide`/`evolve` in decider.ts and evolve.ts, which use
 * these; tests/vectors/cart_rules.json keeps both sides equal (vectors.test.ts). Money is integer
 * minor units; nothing here touches a float price.
 */
import type {
  CartCurrency,
  CartModel,
  CartTotals,
  CartView,
  ChosenOption,
  CountryFacts,
  LineStock,
  LineView,
  PaymentIntent,
  RuleLine,
} from '../types';
import { cloneLine, emptyCart as emptyModel } from './evolve';

export const MAX_COUNT = 10; // docs/spec.md section 9: quantity in cart 0 to 10
export const BUILDER_PRODUCT_ID = 26907; // docs/spec.md section 9: the custom keyboard builder
export const BUILDER_ADDON_ID = 31575; // docs/spec.md section 4: capped at the count of 26907 in the cart
export const USD_MINIMUM = 100; // docs/spec.md section 5: a USD price of 0 or less is set to 1 (1.00 USD)
/** rules.PAYMENT_INTENTS: the payment intents a cart may record (WooCommerce gateway ids). */
export const PAYMENT_INTENTS: readonly PaymentIntent[] = ['bacs', 'cheque', 'cod', 'stripe', 'paypal'];

/** Whether `intent` is one of PAYMENT_INTENTS. */
export function isPaymentIntent(intent: unknown): intent is PaymentIntent {
  return (PAYMENT_INTENTS as readonly unknown[]).includes(intent);
}

/** domain.DEFAULT_COUNTRY: a cart started without a country. */
export const DEFAULT_COUNTRY: CountryFacts = { code: 'DE', name: 'Germany', currency: 'EUR', tax_name: 'VAT', tax_rate_bp: 1900 };

type PriceLike = Pick<RuleLine, 'eur' | 'usd'>;
type ConfiguredLike = { configuration?: ChosenOption[] | null };
type CountLine = Pick<RuleLine, 'product_id' | 'count'>;

/** Integer division rounding half up (Python floor division semantics, as rules._half_up_div). */
export function halfUpDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

function currencyKey(currency: string): 'eur' | 'usd' {
  if (currency !== 'EUR' && currency !== 'USD') throw new Error(`unknown currency '${currency}'`);
  return currency === 'EUR' ? 'eur' : 'usd';
}

const int = (value: unknown): number => (typeof value === 'number' && value ? Math.trunc(value) : 0);

/** The line's own price in `currency`: sale if set, else regular; USD at least 1.00. */
export function basePrice(line: PriceLike, currency: string): number {
  const price = line[currencyKey(currency)];
  const value = price.sale !== null && price.sale !== undefined ? price.sale : price.regular;
  if (currency === 'USD' && value <= 0) return USD_MINIMUM;
  return Math.max(0, value);
}

/** The regular (not sale) price in `currency`; USD at least 1.00. */
export function regularPrice(line: PriceLike, currency: string): number {
  const value = line[currencyKey(currency)].regular;
  if (currency === 'USD' && value <= 0) return USD_MINIMUM;
  return Math.max(0, value);
}

/**
 * What one unit costs before configuration extras. A recommended line with its discount active
 * costs its recommended price (or its own price) times (100 - discount) / 100, rounded half up.
 */
export function unitPrice(
  line: PriceLike & Partial<Pick<RuleLine, 'recommended_by' | 'use_discount' | 'discount_percent' | 'recommended_eur' | 'recommended_usd'>>,
  currency: string,
): number {
  if (line.recommended_by !== null && line.recommended_by !== undefined && line.use_discount) {
    const fixed = line[`recommended_${currencyKey(currency)}`];
    const price = fixed !== null && fixed !== undefined && fixed > 0 ? fixed : basePrice(line, currency);
    const percent = Math.min(100, Math.max(0, int(line.discount_percent))); // never a negative price
    return halfUpDiv(price * (100 - percent), 100);
  }
  return basePrice(line, currency);
}

/** Sum of the configuration's extra prices in `currency` (already parsed: non-numeric is 0). */
export function extras(line: ConfiguredLike, currency: string): number {
  const key = `extra_${currencyKey(currency)}` as const;
  return (line.configuration ?? []).reduce((sum, choice) => sum + Math.max(0, int(choice[key])), 0);
}

/** (configuration extras + unit price) x count (docs/spec.md section 9). */
export function lineTotal(line: RuleLine, currency: string): number {
  return (extras(line, currency) + unitPrice(line, currency)) * int(line.count);
}

/** The line is priced below its regular price (sale price or recommendation discount). */
export function isOnSale(line: RuleLine, currency: string): boolean {
  return unitPrice(line, currency) < regularPrice(line, currency);
}

/**
 * docs/spec.md section 4: stock quantity at most 0 with backorders 'yes', or stock_status onbackorder, or a
 * chosen configuration option flagged has_backorder.
 */
export function isPreorder(line: Pick<RuleLine, 'stock'> & ConfiguredLike): boolean {
  const { stock } = line;
  const quantity = stock.stock_quantity;
  if (quantity !== null && quantity !== undefined && quantity <= 0 && stock.backorders === 'yes') return true;
  if (stock.stock_status === 'onbackorder') return true;
  return (line.configuration ?? []).some((choice) => Boolean(choice.has_backorder));
}

/**
 * Units the stock allows in total, or null for no limit (docs/spec.md section 4 "Count limits"): managing stock
 * with backorders 'yes' means no cap; managing stock otherwise caps at the stock quantity; an
 * unmanaged product that is out of stock allows none.
 */
export function stockLimit(stock: LineStock): number | null {
  if (stock.manage_stock) {
    if (stock.backorders === 'yes') return null;
    return Math.max(0, int(stock.stock_quantity));
  }
  if (stock.stock_status === 'outofstock') return 0;
  return null;
}

/** Units of `productId` (any variation or configuration) in the cart. */
export function countOf(lines: readonly CountLine[], productId: number): number {
  return lines.reduce((sum, line) => (line.product_id === productId ? sum + int(line.count) : sum), 0);
}

/**
 * The largest count `line` may have given the other lines (0..10). Stock is shared by the lines
 * of the same product and variation: lines earlier in the cart keep theirs first (`normalize`).
 * When the shopper raises a line (add +1, set_count), `raising`: the units every other line
 * holds stay theirs, so raising one line never lowers another. Product 31575 is capped at the
 * count of 26907; a line bought on a recommendation, with its discount, at the recommender's count.
 */
export function cap(line: RuleLine, lines: readonly RuleLine[], { raising = false }: { raising?: boolean } = {}): number {
  let limit = MAX_COUNT;
  const stock = stockLimit(line.stock);
  if (stock !== null) {
    let held = 0;
    for (const other of lines) {
      if (other.line_id === line.line_id) {
        if (raising) continue;
        break;
      }
      if (other.product_id === line.product_id && (other.variation_id ?? null) === (line.variation_id ?? null)) held += int(other.count);
    }
    limit = Math.min(limit, Math.max(0, stock - held));
  }
  if (line.product_id === BUILDER_ADDON_ID) limit = Math.min(limit, countOf(lines, BUILDER_PRODUCT_ID));
  if (line.recommended_by !== null && line.recommended_by !== undefined && line.use_discount) {
    limit = Math.min(limit, countOf(lines, Math.trunc(line.recommended_by)));
  }
  return Math.max(0, limit);
}

/**
 * Counts that break a cap after an action, clamped in cart order: `[[line_id, new_count]]`.
 * Applies the clamps to `lines` in place, so later lines see earlier lines' new counts, and
 * repeats until no count changes (a clamp may lower the cap of an earlier line). Each clamped
 * line appears once, with its final count, in the order it was first clamped.
 */
export function normalize(lines: RuleLine[]): [string, number][] {
  const changes = new Map<string, number>();
  let changed = true;
  while (changed) {
    // counts only go down, so this ends
    changed = false;
    for (const line of lines) {
      const allowed = cap(line, lines);
      if (line.count > allowed) {
        line.count = allowed;
        changes.set(line.line_id, allowed);
        changed = true;
      }
    }
  }
  return [...changes.entries()];
}

/** Cart totals in `currency` (minor units), prices including tax (docs/spec.md section 9). */
export function totals(lines: readonly RuleLine[], currency: CartCurrency, taxRateBp = 0): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line, currency), 0);
  const subtotalRegular = lines.reduce((sum, line) => sum + (extras(line, currency) + regularPrice(line, currency)) * line.count, 0);
  return {
    currency,
    item_count: lines.reduce((sum, line) => sum + int(line.count), 0),
    subtotal,
    subtotal_regular: subtotalRegular,
    on_sale: lines.some((line) => isOnSale(line, currency) && line.count > 0),
    total: subtotal,
    tax_included: taxRateBp > 0 ? halfUpDiv(subtotal * taxRateBp, 10000 + taxRateBp) : 0,
    preorder: lines.some((line) => isPreorder(line)),
  };
}

// ---- the cart as the API shows it (application.line_view / cart_state) -------------------------

/** A line as the shopper sees it: the recorded line plus prices in the cart's currency. */
export function lineView(line: RuleLine, cart: Pick<CartModel, 'currency' | 'lines'>): LineView {
  const { currency } = cart;
  return {
    ...line,
    unit_price: unitPrice(line, currency),
    regular_price: regularPrice(line, currency),
    extras: extras(line, currency),
    line_total: lineTotal(line, currency),
    on_sale: isOnSale(line, currency),
    preorder: isPreorder(line),
    cap: cap(line, cart.lines, { raising: true }), // the most set_count would give it
  };
}

/** The cart state with prices and totals, as GET /api/cart answers it. */
export function cartView(cart: CartModel): CartView {
  return { ...cart, lines: cart.lines.map((line) => lineView(line, cart)), totals: totals(cart.lines, cart.currency, cart.tax.rate_bp) };
}

/** The recorded line of a line view (drops the computed fields). */
export function ruleLine(line: RuleLine | LineView): RuleLine {
  const { unit_price: _u, regular_price: _r, extras: _e, line_total: _t, on_sale: _s, preorder: _p, cap: _c, ...rest } = line as LineView;
  return cloneLine(rest);
}

/** The aggregate state of a cart view. */
export function cartModel(view: CartView | CartModel): CartModel {
  const { totals: _totals, ...rest } = view as CartView;
  return { ...rest, country: { ...rest.country }, tax: { ...rest.tax }, lines: view.lines.map(ruleLine) };
}

/** A cart that the server has not seen yet (version 0): what a first command starts from. */
export function emptyCart(country: CountryFacts = DEFAULT_COUNTRY): CartModel {
  return emptyModel(country);
}

/** Count changes between two carts, netted per product and variation (for analytics). */
export function countDeltas(before: Pick<CartModel, 'lines'>, after: Pick<CartModel, 'lines'>): { product_id: number; variation_id: number | null; delta: number }[] {
  const net = new Map<string, { product_id: number; variation_id: number | null; delta: number }>();
  const bump = (line: RuleLine, delta: number) => {
    const key = `${line.product_id}:${line.variation_id ?? ''}`;
    const entry = net.get(key) ?? { product_id: line.product_id, variation_id: line.variation_id ?? null, delta: 0 };
    entry.delta += delta;
    net.set(key, entry);
  };
  const afterById = new Map(after.lines.map((line) => [line.line_id, line]));
  const beforeIds = new Set(before.lines.map((line) => line.line_id));
  for (const line of before.lines) bump(line, (afterById.get(line.line_id)?.count ?? 0) - line.count);
  for (const line of after.lines) if (!beforeIds.has(line.line_id)) bump(line, line.count);
  return [...net.values()].filter((entry) => entry.delta !== 0);
}
