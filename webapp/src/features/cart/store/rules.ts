/**
 * The cart's rules, a 1:1 port of services/cart/rules.py, plus the decisions of the Cart
 * aggregate (services/cart/domain.py: add, set_count, remove, change_country,
 * set_payment_intent, clear, start_checkout) and the command dispatch of
 * services/cart/application.py (`_decide`). Same JSON shapes, same refusal codes and messages,
 * same line ids ("L{next_line}"), same normalisation, same events (so the same version numbers).
 *
 * The store runs these for the optimistic apply; tests/vectors/cart_rules.json keeps both sides
 * equal (vectors.test.ts). Money is integer minor units; nothing here touches a float price.
 */
import type {
  CartCommand,
  CartCountry,
  CartCurrency,
  CartModel,
  CartTotals,
  CartView,
  ChosenOption,
  CountryFacts,
  LineStock,
  LineView,
  PaymentIntent,
  ProductFacts,
  Refusal,
  RuleLine,
} from '../types';

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

function cloneLine(line: RuleLine): RuleLine {
  return {
    ...line,
    eur: { ...line.eur },
    usd: { ...line.usd },
    stock: { ...line.stock },
    configuration: line.configuration ? line.configuration.map((c) => ({ ...c })) : line.configuration,
  };
}

function cloneCart(cart: CartModel): CartModel {
  return { ...cart, country: { ...cart.country }, tax: { ...cart.tax }, lines: cart.lines.map(cloneLine) };
}

// ---- the aggregate's decisions (domain.Cart) --------------------------------------------------

/** A domain event as the aggregate records it (docs/events.md); each one bumps the version. */
export type CartEvent =
  | { type: 'Started'; country: CartCountry; tax_name: string; tax_rate_bp: number }
  | { type: 'ItemAdded'; line: RuleLine }
  | { type: 'ItemCountSet'; line_id: string; count: number; requested: number; reason: 'added' | 'set' | 'capped'; stock: LineStock | null }
  | { type: 'ItemRemoved'; line_id: string; product_id: number; discount_cleared: string[] }
  | { type: 'CountrySet'; code: string; name: string; currency: CartCurrency; tax_name: string; tax_rate_bp: number }
  | { type: 'PaymentIntentSet'; intent: PaymentIntent }
  | { type: 'Cleared' }
  | { type: 'CheckoutStarted'; lines: RuleLine[]; totals: CartTotals }
  | { type: 'CommandRefused'; code: string; message: string; status: number };

/** Catalogue facts for the rules. `undefined` means "the browser does not know" (the server decides). */
export interface CatalogLookup {
  product(productId: number, variationId: number | null): ProductFacts | null | undefined;
  country(code: string): CountryFacts | null | undefined;
}

export type Decision =
  | { kind: 'applied'; cart: CartModel; events: CartEvent[] }
  | { kind: 'refused'; cart: CartModel; events: CartEvent[]; refusal: Refusal }
  /** The browser lacks the facts to decide: queue the command and let the server decide. */
  | { kind: 'unknown' };

class CartRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

class UnknownFacts extends Error {}

function stockOf(facts: ProductFacts): LineStock {
  return {
    stock_status: facts.stock_status,
    stock_quantity: facts.stock_quantity,
    manage_stock: facts.manage_stock,
    backorders: facts.backorders,
  };
}

/** The Cart aggregate over a working copy: command methods decide, `record` applies events. */
class CartAggregate {
  readonly events: CartEvent[] = [];

  constructor(readonly state: CartModel) {}

  line(lineId: string): RuleLine | undefined {
    return this.state.lines.find((line) => line.line_id === lineId);
  }

  add(facts: ProductFacts, configuration: string[] | null, recommender: ProductFacts | null): void {
    if (facts.availability === 'coming_soon') this.refuse('coming_soon', `${facts.name} is coming soon and cannot be ordered yet.`, 409);
    // docs/spec.md sections 10.1 and 10.2: grouped and external products are never cart lines.
    if (facts.product_type === 'grouped') this.refuse('grouped_product', `${facts.name} is a set of products: add the products in it one by one.`, 422);
    if (facts.product_type === 'external') this.refuse('external_product', `${facts.name} is sold by another shop and cannot be added to the cart.`, 422);
    if (!facts.sku) this.refuse('not_purchasable', `${facts.name} cannot be bought online.`, 422);
    if (facts.product_type === 'variable' && (facts.variation_id ?? null) === null) {
      this.refuse('variation_required', `Please choose a variation of ${facts.name}.`, 422);
    }
    const chosen = configuration && configuration.length > 0 ? this.configuration(facts, configuration) : null;
    if (chosen === null) {
      const existing = this.state.lines.find(
        (line) => line.product_id === facts.product_id && (line.variation_id ?? null) === (facts.variation_id ?? null) && !line.configuration?.length,
      );
      if (existing) {
        const probe = this.state.lines.map((line) => (line.line_id === existing.line_id ? { ...line, stock: stockOf(facts) } : { ...line }));
        const allowed = cap(probe.find((p) => p.line_id === existing.line_id)!, probe, { raising: true });
        if (existing.count + 1 > allowed) this.refuseCap(facts, allowed);
        this.record({ type: 'ItemCountSet', line_id: existing.line_id, count: existing.count + 1, requested: existing.count + 1, reason: 'added', stock: stockOf(facts) });
        this.normalize();
        return;
      }
    }
    const line = this.newLine(facts, chosen, recommender);
    if (cap(line, [...this.state.lines, line]) < 1) this.refuseCap(facts, 0);
    this.record({ type: 'ItemAdded', line });
    this.normalize();
  }

  setCount(lineId: string, count: number, facts: ProductFacts | null): void {
    const line = this.line(lineId);
    if (!line) return this.refuse('line_not_found', 'That item is no longer in your cart.', 409);
    if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) this.refuse('invalid_count', `Choose a quantity from 0 to ${MAX_COUNT}.`, 422);
    const stock = facts ? stockOf(facts) : { ...line.stock };
    const probe = this.state.lines.map((other) => (other.line_id === lineId ? { ...other, stock } : { ...other }));
    const allowed = cap(probe.find((p) => p.line_id === lineId)!, probe, { raising: true });
    const applied = Math.min(count, allowed);
    this.record({ type: 'ItemCountSet', line_id: lineId, count: applied, requested: count, reason: applied === count ? 'set' : 'capped', stock });
    this.normalize();
  }

  remove(lineId: string): void {
    const line = this.line(lineId);
    if (!line) return this.refuse('line_not_found', 'That item is no longer in your cart.', 409);
    const productId = line.product_id;
    const stillThere = countOf(this.state.lines.filter((x) => x.line_id !== lineId), productId) > 0;
    const cleared = stillThere ? [] : this.state.lines.filter((x) => x.recommended_by === productId && x.use_discount).map((x) => x.line_id);
    this.record({ type: 'ItemRemoved', line_id: lineId, product_id: productId, discount_cleared: cleared });
    this.normalize();
  }

  changeCountry(country: CountryFacts): void {
    this.record({ type: 'CountrySet', code: country.code, name: country.name, currency: country.currency, tax_name: country.tax_name, tax_rate_bp: country.tax_rate_bp });
  }

  /** Cart.set_payment_intent: one of PAYMENT_INTENTS, else 422 invalid_payment_intent (the value is not echoed). */
  setPaymentIntent(intent: string): void {
    if (!isPaymentIntent(intent)) return this.refuse('invalid_payment_intent', 'Please choose a payment method we offer.', 422);
    this.record({ type: 'PaymentIntentSet', intent });
  }

  clear(): void {
    this.record({ type: 'Cleared' });
  }

  startCheckout(): void {
    const lines = this.state.lines.filter((line) => line.count > 0);
    if (lines.length === 0) this.refuse('cart_empty', 'Your cart is empty.', 409);
    this.record({ type: 'CheckoutStarted', lines: lines.map(cloneLine), totals: totals(lines, this.state.currency, this.state.tax.rate_bp) });
  }

  // ---- helpers ----

  private configuration(facts: ProductFacts, configuration: string[]): ChosenOption[] {
    return configuration.map((key) => {
      const choice = Object.prototype.hasOwnProperty.call(facts.choices, key) ? facts.choices[key] : undefined;
      if (!choice) return this.refuse('invalid_configuration', `That option is not available for ${facts.name}.`, 422);
      if (choice.stock_status === 'outofstock') {
        this.refuse('configuration_unavailable', `${choice.name} is out of stock, please select something else.`, 409);
      }
      return {
        layer_id: choice.layer_id,
        choice_id: choice.choice_id,
        name: choice.name,
        layer_name: choice.layer_name,
        extra_eur: choice.extra_eur,
        extra_usd: choice.extra_usd,
        has_backorder: choice.has_backorder,
      };
    });
  }

  private newLine(facts: ProductFacts, chosen: ChosenOption[] | null, recommender: ProductFacts | null): RuleLine {
    const recommended = recommender !== null && recommender.recommended_product_ids.includes(facts.product_id);
    const useDiscount = Boolean(
      recommended &&
        recommender !== null &&
        recommender.recommended_discount_active &&
        recommender.recommended_discount > 0 &&
        countOf(this.state.lines, recommender.product_id) > 0,
    );
    return {
      line_id: `L${this.state.next_line}`,
      product_id: facts.product_id,
      variation_id: facts.variation_id ?? null,
      sku: facts.sku,
      name: facts.name,
      image: facts.image,
      variation_label: facts.variation_label,
      count: 1,
      eur: { regular: facts.eur.regular, sale: facts.eur.sale },
      usd: { regular: facts.usd.regular, sale: facts.usd.sale },
      configuration: chosen,
      recommended_by: recommended && recommender !== null ? recommender.product_id : null,
      use_discount: useDiscount,
      discount_percent: useDiscount && recommender ? recommender.recommended_discount : 0,
      recommended_eur: useDiscount ? facts.recommended_price_eur : null,
      recommended_usd: useDiscount ? facts.recommended_price_usd : null,
      stock: stockOf(facts),
    };
  }

  private refuseCap(facts: ProductFacts, allowed: number): never {
    if (allowed <= 0 && stockLimit(stockOf(facts)) === 0) this.refuse('out_of_stock', `${facts.name} is out of stock.`, 409);
    return this.refuse('count_capped', `You already have the most of ${facts.name} we can sell you.`, 409);
  }

  private normalize(): void {
    const probe = this.state.lines.map((line) => ({ ...line }));
    for (const [lineId, count] of normalize(probe)) {
      this.record({ type: 'ItemCountSet', line_id: lineId, count, requested: count, reason: 'capped', stock: null });
    }
  }

  refuse(code: string, message: string, status: number): never {
    this.record({ type: 'CommandRefused', code, message, status });
    throw new CartRefusal({ code, message, status });
  }

  /** Apply an event (the @event methods of domain.Cart) and count it. */
  record(event: CartEvent): void {
    const s = this.state;
    switch (event.type) {
      case 'Started':
        s.cart_id = s.cart_id ?? null;
        s.country = { ...event.country };
        s.currency = event.country.currency;
        s.tax = { name: event.tax_name, rate_bp: event.tax_rate_bp };
        s.lines = [];
        s.next_line = 1;
        s.intent = null;
        s.checkout_started = false;
        break;
      case 'ItemAdded':
        s.lines.push(cloneLine(event.line));
        s.next_line += 1;
        s.checkout_started = false;
        break;
      case 'ItemCountSet': {
        const line = this.line(event.line_id);
        if (line) {
          line.count = event.count;
          if (event.stock) line.stock = { ...event.stock };
        }
        s.checkout_started = false;
        break;
      }
      case 'ItemRemoved':
        s.lines = s.lines.filter((line) => line.line_id !== event.line_id);
        for (const line of s.lines) if (event.discount_cleared.includes(line.line_id)) line.use_discount = false;
        s.checkout_started = false;
        break;
      case 'CountrySet':
        s.country = { code: event.code, name: event.name, currency: event.currency };
        s.currency = event.currency;
        s.tax = { name: event.tax_name, rate_bp: event.tax_rate_bp };
        break;
      case 'PaymentIntentSet':
        s.intent = event.intent;
        break;
      case 'Cleared':
        s.lines = [];
        s.checkout_started = false;
        break;
      case 'CheckoutStarted':
        s.checkout_started = true;
        break;
      case 'CommandRefused':
        break;
    }
    s.version += 1;
    this.events.push(event);
  }
}

/** A started cart (POST /api/cart with a country): version 1. */
export function startCart(country: CountryFacts = DEFAULT_COUNTRY, cartId: string | null = null): CartModel {
  const aggregate = new CartAggregate(emptyCart(country));
  aggregate.record({ type: 'Started', country: { code: country.code, name: country.name, currency: country.currency }, tax_name: country.tax_name, tax_rate_bp: country.tax_rate_bp });
  return { ...aggregate.state, cart_id: cartId };
}

/**
 * Run one command on `cart` as application.CartApplication.execute + _decide do (a cart not yet
 * started, version 0, is started with the default country first). Pure: `cart` is not changed.
 */
export function execute(cart: CartModel, command: CartCommand, catalog: CatalogLookup): Decision {
  let aggregate: CartAggregate;
  if (cart.version === 0) {
    const country = catalog.country(DEFAULT_COUNTRY.code) ?? DEFAULT_COUNTRY;
    aggregate = new CartAggregate(emptyCart(country));
    aggregate.record({ type: 'Started', country: { code: country.code, name: country.name, currency: country.currency }, tax_name: country.tax_name, tax_rate_bp: country.tax_rate_bp });
  } else {
    aggregate = new CartAggregate(cloneCart(cart));
  }
  const before = cloneCart(aggregate.state);
  const startEvents = aggregate.events.length;
  try {
    decide(aggregate, command, catalog);
    return { kind: 'applied', cart: aggregate.state, events: aggregate.events };
  } catch (error) {
    if (error instanceof UnknownFacts) return { kind: 'unknown' };
    if (error instanceof CartRefusal) {
      // A refusal records only CommandRefused: the state is the cart before the command.
      const refused = aggregate.events.slice(startEvents);
      return { kind: 'refused', cart: { ...before, version: aggregate.state.version }, events: [...aggregate.events.slice(0, startEvents), ...refused.filter((e) => e.type === 'CommandRefused')], refusal: error.refusal };
    }
    throw error;
  }
}

function known<T>(value: T | null | undefined): T | null {
  if (value === undefined) throw new UnknownFacts();
  return value;
}

function decide(cart: CartAggregate, command: CartCommand, catalog: CatalogLookup): void {
  switch (command.type) {
    case 'add': {
      const facts = known(catalog.product(Math.trunc(command.product_id), command.variation_id ?? null));
      if (facts === null) return cart.refuse('product_unavailable', 'This product is not available.', 422);
      let recommender: ProductFacts | null = null;
      if (command.recommended_by !== null && command.recommended_by !== undefined && command.recommended_by !== -1) {
        recommender = known(catalog.product(Math.trunc(command.recommended_by), null));
      }
      const configuration = command.configuration && command.configuration.length > 0 ? command.configuration : null;
      return cart.add(facts, configuration, recommender);
    }
    case 'set_count': {
      const line = cart.line(command.line_id);
      const facts = line ? (catalog.product(line.product_id, line.variation_id ?? null) ?? null) : null;
      return cart.setCount(command.line_id, command.count, facts);
    }
    case 'remove':
      return cart.remove(command.line_id);
    case 'set_country': {
      const country = known(catalog.country(command.country.toUpperCase()));
      if (country === null) return cart.refuse('unknown_country', 'We do not ship to that country.', 422);
      return cart.changeCountry(country);
    }
    case 'set_payment_intent':
      return cart.setPaymentIntent(String(command.intent));
    case 'clear':
      return cart.clear();
    case 'start_checkout':
      // The hand-off with lines rebuilds the cart from the catalogue: the server decides.
      if (command.lines) throw new UnknownFacts();
      return cart.startCheckout();
    case 'apply_coupon':
    case 'remove_coupon':
      // Coupon rules need coupon facts the browser does not have (services/discounts): the server decides.
      throw new UnknownFacts();
    default: {
      const kind = (command as { type?: unknown }).type;
      return cart.refuse('unknown_command', `Unknown cart command '${String(kind)}'.`, 422);
    }
  }
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
