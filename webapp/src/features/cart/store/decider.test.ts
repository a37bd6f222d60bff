/**
 * decide and evolve (decider.ts, evolve.ts) as a story: the browser's decisions are values, the
 * cart is changed only by folding the events, and a refusal's events end with CommandRefused.
 */
import type { CartModel, ProductFacts } from '../types';
import { decide, evolve, fold, startCart, type CatalogLookup } from './decider';

const mouse: ProductFacts = {
  product_id: 1, variation_id: null, sku: 'SKU-1', name: 'Skoll Mouse', image: null, product_type: 'simple', availability: null,
  eur: { regular: 5999, sale: null }, usd: { regular: 6499, sale: null }, stock_status: 'instock', stock_quantity: 1, manage_stock: true,
  backorders: 'no', variation_ids: [], variation_label: '', recommended_product_ids: [], recommended_discount: 0,
  recommended_discount_active: false, recommended_price_eur: null, recommended_price_usd: null, choices: {},
};
const catalog: CatalogLookup = {
  product: (id) => (id === 1 ? mouse : null),
  country: (code) => (code === 'DE' ? { code: 'DE', name: 'Germany', currency: 'EUR', tax_name: 'MwSt.', tax_rate_bp: 1900 } : null),
};

function withMouse(): CartModel {
  const cart = startCart();
  const decided = decide(cart, { type: 'add', product_id: 1 }, catalog);
  if (decided.kind !== 'events') throw new Error('adding the mouse was not decided');
  return fold(cart, decided.events);
}

describe('the cart decider', () => {
  it('answers events and leaves the cart it decided on as it was', () => {
    const cart = startCart();
    const frozen = JSON.stringify(cart);
    const decided = decide(cart, { type: 'add', product_id: 1 }, catalog);
    expect(decided.kind).toBe('events');
    expect(JSON.stringify(cart)).toBe(frozen);
    expect(withMouse().lines.map((line) => [line.line_id, line.count, line.category_ids])).toEqual([['L1', 1, []]]);
  });

  it('refuses a second mouse when one is all the stock, and the refusal only moves the version on', () => {
    const cart = withMouse();
    const decided = decide(cart, { type: 'add', product_id: 1 }, catalog);
    expect(decided).toEqual({
      kind: 'refused',
      refusal: { code: 'count_capped', message: 'You already have the most of Skoll Mouse we can sell you.', status: 409 },
      events: [{ type: 'CommandRefused', code: 'count_capped', message: 'You already have the most of Skoll Mouse we can sell you.', status: 409 }],
    });
    if (decided.kind !== 'refused') return;
    expect(fold(cart, decided.events)).toEqual({ ...cart, version: cart.version + 1 });
  });

  it('caps a count above the stock and says so in the event', () => {
    const decided = decide(withMouse(), { type: 'set_count', line_id: 'L1', count: 4 }, catalog);
    expect(decided).toEqual({
      kind: 'events',
      events: [{ type: 'ItemCountSet', line_id: 'L1', count: 1, requested: 4, reason: 'capped', stock: { stock_status: 'instock', stock_quantity: 1, manage_stock: true, backorders: 'no' } }],
    });
  });

  it('refuses what the server refuses 422 with the same codes: an unknown product, a country we do not ship to, a free-text intent', () => {
    const cart = startCart();
    const code = (command: Parameters<typeof decide>[1]) => {
      const decided = decide(cart, command, catalog);
      return decided.kind === 'refused' ? [decided.refusal.code, decided.refusal.status] : decided.kind;
    };
    expect(code({ type: 'add', product_id: 99 })).toEqual(['product_unavailable', 422]);
    expect(code({ type: 'set_country', country: 'fr' })).toEqual(['unknown_country', 422]);
    expect(code({ type: 'set_payment_intent', intent: 'cash' as never })).toEqual(['invalid_payment_intent', 422]);
    expect(code({ type: 'start_checkout' })).toEqual(['cart_empty', 409]);
  });

  it('leaves coupons and the hand-off with lines to the server', () => {
    const cart = withMouse();
    expect(decide(cart, { type: 'apply_coupon', code: 'welcome10' }, catalog)).toEqual({ kind: 'unknown' });
    expect(decide(cart, { type: 'start_checkout', lines: [] }, catalog)).toEqual({ kind: 'unknown' });
  });

  it('evolve never changes the state it is given', () => {
    const cart = withMouse();
    const frozen = JSON.stringify(cart);
    evolve(cart, { type: 'ItemCountSet', line_id: 'L1', count: 0, requested: 0, reason: 'set', stock: null });
    evolve(cart, { type: 'ItemRemoved', line_id: 'L1', product_id: 1, discount_cleared: [] });
    evolve(cart, { type: 'Cleared' });
    expect(JSON.stringify(cart)).toBe(frozen);
  });
});
