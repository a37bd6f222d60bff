/**
 * How the shopper's view of the cart is derived: the last state the server confirmed, with the
 * commands still in the outbox applied on top by the same rules (the server wins; pending
 * commands are re-applied to whatever it says).
 */
import type { CartCommand, CartModel, CartView, CountryFacts, OutboxEntry, PersistedLine, ProductFacts } from '../types';
import { factsKey } from './facts';
import { execute, type CatalogLookup } from './decider';
import { cartModel, cartView, DEFAULT_COUNTRY, emptyCart, halfUpDiv } from './rules';

/** Facts the browser has seen for a product or variation, plus display-only extras. */
export interface FactsEntry {
  facts: ProductFacts;
  /** In-app product page path. */
  path: string | null;
  /** Variation options with their names, e.g. "Colour: Black". */
  options: string;
}

export interface SyncState {
  server: CartView | null;
  outbox: OutboxEntry[];
  facts: Record<string, FactsEntry>;
  countries: Record<string, CountryFacts>;
}

/** The rules' view of the catalogue: what the browser knows; undefined for the rest. */
export function lookup(state: Pick<SyncState, 'facts' | 'countries'>): CatalogLookup {
  return {
    product: (productId, variationId) => state.facts[factsKey(productId, variationId)]?.facts,
    country: (code) => state.countries[code] ?? (code === DEFAULT_COUNTRY.code ? DEFAULT_COUNTRY : undefined),
  };
}

/** The confirmed cart as a model (an unstarted cart when the server has none yet). */
export function baseModel(server: CartView | null): CartModel {
  return server ? cartModel(server) : emptyCart();
}

/**
 * Confirmed state + pending commands, as the shopper sees it. With nothing applied on top, the
 * server's cart as it answered (coupons and discount included: only the server decides those).
 */
export function displayCart(state: SyncState): CartView {
  const catalog = lookup(state);
  let model = baseModel(state.server);
  let applied = false;
  for (const entry of state.outbox) {
    const decision = execute(model, entry.command, catalog);
    if (decision.kind !== 'unknown') {
      model = decision.cart;
      applied = true;
    }
  }
  if (!applied && state.server) return state.server;
  return carryDiscount(cartView(model), state.server);
}

/**
 * A cart the rules computed (pending commands on top of the server's) keeps the server's coupons
 * and, while the currency is the same, its last discount (at most the new subtotal): an estimate
 * until the server answers, because the coupon rules run on the server only (docs/spec.md section 5).
 */
export function carryDiscount(view: CartView, server: CartView | null): CartView {
  const discount = server?.totals.discount ?? 0;
  if (!server || (!server.coupons?.length && discount <= 0)) return view;
  const estimate = server.currency === view.currency ? Math.min(discount, view.totals.subtotal) : 0;
  const total = view.totals.subtotal - estimate;
  const rate = view.tax.rate_bp;
  return {
    ...view,
    coupons: server.coupons ?? [],
    totals: { ...view.totals, discount: estimate, total, tax_included: rate > 0 ? halfUpDiv(total * rate, 10000 + rate) : 0 },
  };
}

/** Commands whose count changes are reported to analytics. */
export const isTracked = (command: CartCommand) => command.type === 'add' || command.type === 'set_count' || command.type === 'remove';

/** The spec's saved shape: [{id, variationId, count, configuration}]. */
export function persistedItems(cart: Pick<CartView, 'lines'>): PersistedLine[] {
  return cart.lines.map((line) => ({ id: line.product_id, variationId: line.variation_id ?? null, count: line.count, configuration: line.configuration ?? null }));
}

/** Facts worth keeping across a reload: those of cart lines and of pending commands. */
export function referencedFacts(state: SyncState, cart: Pick<CartView, 'lines'>): Record<string, FactsEntry> {
  const keys = new Set<string>();
  for (const line of cart.lines) keys.add(factsKey(line.product_id, line.variation_id));
  for (const entry of state.outbox) {
    const { command } = entry;
    if (command.type === 'add') {
      keys.add(factsKey(command.product_id, command.variation_id ?? null));
      if (command.recommended_by) keys.add(factsKey(command.recommended_by, null));
    }
  }
  return Object.fromEntries(Object.entries(state.facts).filter(([key]) => keys.has(key)));
}
