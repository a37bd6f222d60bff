/**
 * The cart as a decider, a port of services/cart/decider.py: `decide(state, command, facts)`
 * returns the events a command records (or its refusal, whose events end with `CommandRefused`),
 * and `evolve` (evolve.ts) folds them into the cart. Pure: the catalogue facts come in through a
 * `CatalogLookup`; `undefined` from it means the browser does not know, and the command is left to
 * the server (`{ kind: 'unknown' }`). Same refusal codes and messages, same line ids, same events
 * as the server (tests/vectors/cart_rules.json lists each step's events; vectors.test.ts).
 *
 * What the browser cannot decide goes to the server: coupons (docs/spec.md 5: facts the browser
 * does not have, so it neither applies them nor predicts their re-check) and the hand-off with
 * lines (docs/spec.md 4). Money is integer minor units; nothing here touches a float price.
 */
import type { CartCommand, CartModel, ChosenOption, CountryFacts, LineStock, ProductFacts, Refusal, RuleLine } from '../types';
import { cloneLine, emptyCart, evolve, fold, started, type CartEvent } from './evolve';
import { cap, countOf, DEFAULT_COUNTRY, isPaymentIntent, MAX_COUNT, normalize, stockLimit, totals } from './rules';

export type { CartEvent } from './evolve';
export { evolve, fold } from './evolve';

/** Catalogue facts for the rules. `undefined` means "the browser does not know" (the server decides). */
export interface CatalogLookup {
  product(productId: number, variationId: number | null): ProductFacts | null | undefined;
  country(code: string): CountryFacts | null | undefined;
}

/** What `decide` answers: the events to record, a refusal (with its events), or "ask the server". */
export type Decided = { kind: 'events'; events: CartEvent[] } | { kind: 'refused'; refusal: Refusal; events: CartEvent[] } | { kind: 'unknown' };

/** What `execute` answers: `decide`'s answer with the cart after its events. */
export type Decision =
  | { kind: 'applied'; cart: CartModel; events: CartEvent[] }
  | { kind: 'refused'; cart: CartModel; events: CartEvent[]; refusal: Refusal }
  /** The browser lacks the facts to decide: queue the command and let the server decide. */
  | { kind: 'unknown' };

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

class UnknownFacts extends Error {}

function refuse(code: string, message: string, status: number): never {
  throw new Refused({ code, message, status });
}

function known<T>(value: T | null | undefined): T | null {
  if (value === undefined) throw new UnknownFacts();
  return value;
}

/** A command's events so far and the cart after them. */
class Draft {
  readonly events: CartEvent[] = [];

  constructor(public state: CartModel) {}

  emit(event: CartEvent): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }
}

function stockOf(facts: ProductFacts): LineStock {
  return { stock_status: facts.stock_status, stock_quantity: facts.stock_quantity, manage_stock: facts.manage_stock, backorders: facts.backorders };
}

/** docs/spec.md 2.13 without the configurator model: unknown choices 422, out-of-stock ones 409. */
function configured(facts: ProductFacts, configuration: string[]): ChosenOption[] {
  return configuration.map((key) => {
    const choice = Object.prototype.hasOwnProperty.call(facts.choices, key) ? facts.choices[key] : undefined;
    if (!choice) return refuse('invalid_configuration', `That option is not available for ${facts.name}.`, 422);
    if (choice.stock_status === 'outofstock') refuse('configuration_unavailable', `${choice.name} is out of stock, please select something else.`, 409);
    const { layer_id, choice_id, name, layer_name, extra_eur, extra_usd, has_backorder } = choice;
    return { layer_id, choice_id, name, layer_name, extra_eur, extra_usd, has_backorder };
  });
}

function newLine(state: CartModel, facts: ProductFacts, chosen: ChosenOption[] | null, recommender: ProductFacts | null): RuleLine {
  const recommended = recommender !== null && recommender.recommended_product_ids.includes(facts.product_id);
  const useDiscount = Boolean(
    recommended && recommender !== null && recommender.recommended_discount_active && recommender.recommended_discount > 0 && countOf(state.lines, recommender.product_id) > 0,
  );
  return {
    line_id: `L${state.next_line}`,
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
    category_ids: [...(facts.category_ids ?? [])],
  };
}

function refuseCap(facts: ProductFacts, allowed: number): never {
  if (allowed <= 0 && stockLimit(stockOf(facts)) === 0) refuse('out_of_stock', `${facts.name} is out of stock.`, 409);
  return refuse('count_capped', `You already have the most of ${facts.name} we can sell you.`, 409);
}

/** docs/spec.md 4 "Count limits": counts that break a cap after an action are clamped. */
function clampAll(draft: Draft): void {
  for (const [lineId, count] of normalize(draft.state.lines.map((line) => ({ ...line })))) {
    draft.emit({ type: 'ItemCountSet', line_id: lineId, count, requested: count, reason: 'capped', stock: null });
  }
}

/** docs/spec.md 4 (and 10.1, 10.2, 2.13): one unit; every refusal comes before any event. */
function add(draft: Draft, facts: ProductFacts, configuration: string[] | null, recommender: ProductFacts | null): void {
  if (facts.availability === 'coming_soon') refuse('coming_soon', `${facts.name} is coming soon and cannot be ordered yet.`, 409);
  if (facts.product_type === 'grouped') refuse('grouped_product', `${facts.name} is a set of products: add the products in it one by one.`, 422);
  if (facts.product_type === 'external') refuse('external_product', `${facts.name} is sold by another shop and cannot be added to the cart.`, 422);
  if (!facts.sku) refuse('not_purchasable', `${facts.name} cannot be bought online.`, 422);
  if (facts.product_type === 'variable' && (facts.variation_id ?? null) === null) refuse('variation_required', `Please choose a variation of ${facts.name}.`, 422);
  const chosen = configuration && configuration.length > 0 ? configured(facts, configuration) : null;
  const { lines } = draft.state;
  if (chosen === null) {
    const existing = lines.find(
      (line) => line.product_id === facts.product_id && (line.variation_id ?? null) === (facts.variation_id ?? null) && !line.configuration?.length,
    );
    if (existing) {
      const probe = lines.map((line) => (line.line_id === existing.line_id ? { ...line, stock: stockOf(facts) } : line));
      const allowed = cap(probe.find((p) => p.line_id === existing.line_id)!, probe, { raising: true });
      if (existing.count + 1 > allowed) refuseCap(facts, allowed);
      const count = existing.count + 1;
      draft.emit({ type: 'ItemCountSet', line_id: existing.line_id, count, requested: count, reason: 'added', stock: stockOf(facts) });
      return clampAll(draft);
    }
  }
  const line = newLine(draft.state, facts, chosen, recommender);
  if (cap(line, [...lines, line]) < 1) refuseCap(facts, 0);
  draft.emit({ type: 'ItemAdded', line });
  clampAll(draft);
}

function lineOrRefuse(state: CartModel, lineId: string): RuleLine {
  return state.lines.find((line) => line.line_id === lineId) ?? refuse('line_not_found', 'That item is no longer in your cart.', 409);
}

/** docs/spec.md 9 (0..10; 0 keeps the line) and 4 (clamped to the line's cap). */
function setCount(draft: Draft, lineId: string, count: number, facts: ProductFacts | null): void {
  const line = lineOrRefuse(draft.state, lineId);
  if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) refuse('invalid_count', `Choose a quantity from 0 to ${MAX_COUNT}.`, 422);
  const stock = facts ? stockOf(facts) : { ...line.stock };
  const probe = draft.state.lines.map((other) => (other.line_id === lineId ? { ...other, stock } : other));
  const allowed = cap(probe.find((p) => p.line_id === lineId)!, probe, { raising: true });
  const applied = Math.min(count, allowed);
  draft.emit({ type: 'ItemCountSet', line_id: lineId, count: applied, requested: count, reason: applied === count ? 'set' : 'capped', stock });
  clampAll(draft);
}

/** docs/spec.md 4: removing a recommender's last line clears its recommended lines' discount. */
function remove(draft: Draft, lineId: string): void {
  const productId = lineOrRefuse(draft.state, lineId).product_id;
  const { lines } = draft.state;
  const stillThere = countOf(lines.filter((x) => x.line_id !== lineId), productId) > 0;
  const cleared = stillThere ? [] : lines.filter((x) => x.recommended_by === productId && x.use_discount).map((x) => x.line_id);
  draft.emit({ type: 'ItemRemoved', line_id: lineId, product_id: productId, discount_cleared: cleared });
  clampAll(draft);
}

/** docs/spec.md 4: the hand-off records the lines and totals the shopper confirmed (no coupons known here). */
function startCheckout(draft: Draft): void {
  const lines = draft.state.lines.filter((line) => line.count > 0);
  if (lines.length === 0) refuse('cart_empty', 'Your cart is empty.', 409);
  const shown = totals(lines, draft.state.currency, draft.state.tax.rate_bp);
  draft.emit({ type: 'CheckoutStarted', lines: lines.map(cloneLine), totals: { ...shown, discount: 0 }, coupons: [] });
}

function run(draft: Draft, command: CartCommand, catalog: CatalogLookup): void {
  switch (command.type) {
    case 'add': {
      const facts = known(catalog.product(Math.trunc(command.product_id), command.variation_id ?? null));
      if (facts === null) return refuse('product_unavailable', 'This product is not available.', 422);
      let recommender: ProductFacts | null = null;
      if (command.recommended_by !== null && command.recommended_by !== undefined && command.recommended_by !== -1) {
        recommender = known(catalog.product(Math.trunc(command.recommended_by), null));
      }
      return add(draft, facts, command.configuration && command.configuration.length > 0 ? command.configuration : null, recommender);
    }
    case 'set_count': {
      const line = draft.state.lines.find((x) => x.line_id === command.line_id);
      const facts = line ? (catalog.product(line.product_id, line.variation_id ?? null) ?? null) : null;
      return setCount(draft, command.line_id, command.count, facts);
    }
    case 'remove':
      return remove(draft, command.line_id);
    case 'set_country': {
      const country = known(catalog.country(command.country.toUpperCase()));
      if (country === null) return refuse('unknown_country', 'We do not ship to that country.', 422);
      const { code, name, currency, tax_name, tax_rate_bp } = country;
      return draft.emit({ type: 'CountrySet', code, name, currency, tax_name, tax_rate_bp });
    }
    case 'set_payment_intent': {
      const intent = String(command.intent);
      if (!isPaymentIntent(intent)) return refuse('invalid_payment_intent', 'Please choose a payment method we offer.', 422);
      return draft.emit({ type: 'PaymentIntentSet', intent });
    }
    case 'clear':
      return draft.emit({ type: 'Cleared' });
    case 'start_checkout':
      // The hand-off with lines rebuilds the cart from the catalogue: the server decides.
      if (command.lines) throw new UnknownFacts();
      return startCheckout(draft);
    case 'apply_coupon':
    case 'remove_coupon':
      // Coupon rules need coupon facts the browser does not have (services/discounts): the server decides.
      throw new UnknownFacts();
    default: {
      const kind = (command as { type?: unknown }).type;
      return refuse('unknown_command', `Unknown cart command '${String(kind)}'.`, 422);
    }
  }
}

/**
 * The events `command` records on a cart in `state` (decider.py `decide`), its refusal (the events
 * end with `CommandRefused`), or `unknown` when the browser lacks the facts (coupons, the hand-off
 * with lines, a product or country the lookup does not know). Pure: `state` is not changed.
 */
export function decide(state: CartModel, command: CartCommand, facts: CatalogLookup): Decided {
  const draft = new Draft(state);
  try {
    run(draft, command, facts);
    return { kind: 'events', events: draft.events };
  } catch (error) {
    if (error instanceof UnknownFacts) return { kind: 'unknown' };
    if (error instanceof Refused) {
      const { code, message, status } = error.refusal;
      draft.emit({ type: 'CommandRefused', code, message, status });
      return { kind: 'refused', refusal: error.refusal, events: draft.events };
    }
    throw error;
  }
}

/** A started cart (POST /api/cart with a country): version 1. */
export function startCart(country: CountryFacts = DEFAULT_COUNTRY, cartId: string | null = null): CartModel {
  return { ...evolve(emptyCart(country), started(country)), cart_id: cartId };
}

/**
 * Run one command on `cart` as the server's CartApplication.execute does (a cart not yet started,
 * version 0, is started with the default country first): `decide`, then `evolve` over the events.
 * Pure: `cart` is not changed.
 */
export function execute(cart: CartModel, command: CartCommand, catalog: CatalogLookup): Decision {
  const before: CartEvent[] = [];
  if (cart.version === 0) before.push(started(catalog.country(DEFAULT_COUNTRY.code) ?? DEFAULT_COUNTRY));
  const base = fold(cart.version === 0 ? emptyCart(DEFAULT_COUNTRY) : cart, before);
  const decided = decide(base, command, catalog);
  if (decided.kind === 'unknown') return decided;
  const events = [...before, ...decided.events];
  const after = fold(base, decided.events);
  if (decided.kind === 'refused') return { kind: 'refused', cart: after, events, refusal: decided.refusal };
  return { kind: 'applied', cart: after, events };
}
