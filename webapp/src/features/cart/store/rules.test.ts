import type { CartModel, ProductFacts, RuleLine } from '../types';
import { execute, startCart, type CatalogLookup } from './decider';
import {
  basePrice, cap, cartModel, cartView, countDeltas, countOf, emptyCart, extras, halfUpDiv, isOnSale, isPreorder,
  lineTotal, lineView, normalize, regularPrice, ruleLine, stockLimit, totals, unitPrice,
} from './rules';

const stock = (fields: Partial<RuleLine['stock']> = {}): RuleLine['stock'] => ({ stock_status: 'instock', stock_quantity: null, manage_stock: false, backorders: 'no', ...fields });

const line = (fields: Partial<RuleLine> = {}): RuleLine => ({
  line_id: 'L1', product_id: 1, variation_id: null, sku: 'S', name: 'Odin', image: null, variation_label: '', count: 1,
  eur: { regular: 10000, sale: null }, usd: { regular: 11000, sale: null }, configuration: null, recommended_by: null,
  use_discount: false, discount_percent: 0, recommended_eur: null, recommended_usd: null, stock: stock(), ...fields,
});

const facts = (fields: Partial<ProductFacts> = {}): ProductFacts => ({
  product_id: 1, variation_id: null, sku: 'S-1', name: 'Odin', image: null, product_type: 'simple', availability: null,
  eur: { regular: 10000, sale: null }, usd: { regular: 11000, sale: null }, stock_status: 'instock', stock_quantity: 3,
  manage_stock: true, backorders: 'no', variation_ids: [], variation_label: '', recommended_product_ids: [], recommended_discount: 0,
  recommended_discount_active: false, recommended_price_eur: null, recommended_price_usd: null, choices: {}, ...fields,
});

function catalogOf(products: ProductFacts[]): CatalogLookup {
  return {
    product: (id, variation) => products.find((p) => p.product_id === id && p.variation_id === variation) ?? null,
    country: (code) => (code === 'US' ? { code: 'US', name: 'United States', currency: 'USD', tax_name: '', tax_rate_bp: 0 } : code === 'DE' ? { code: 'DE', name: 'Germany', currency: 'EUR', tax_name: 'MwSt.', tax_rate_bp: 1900 } : null),
  };
}

function run(cart: CartModel, catalog: CatalogLookup, ...commands: Parameters<typeof execute>[1][]) {
  let current = cart;
  let last: ReturnType<typeof execute> = { kind: 'unknown' };
  for (const command of commands) {
    last = execute(current, command, catalog);
    if (last.kind !== 'unknown') current = last.cart;
  }
  return { cart: current, last };
}

describe('rules: prices', () => {
  it('halfUpDiv rounds half up', () => {
    expect(halfUpDiv(5, 10)).toBe(1);
    expect(halfUpDiv(4, 10)).toBe(0);
    expect(halfUpDiv(149, 100)).toBe(1);
    expect(halfUpDiv(150, 100)).toBe(2);
  });

  it('basePrice takes the sale price when set; USD at least 1.00; EUR never negative', () => {
    expect(basePrice(line({ eur: { regular: 100, sale: 80 } }), 'EUR')).toBe(80);
    expect(basePrice(line({ eur: { regular: 100, sale: 0 } }), 'EUR')).toBe(0);
    expect(basePrice(line({ usd: { regular: 0, sale: null } }), 'USD')).toBe(100);
    expect(basePrice(line({ eur: { regular: -5, sale: null } }), 'EUR')).toBe(0);
    expect(() => basePrice(line(), 'GBP')).toThrow(/unknown currency/);
  });

  it('regularPrice ignores the sale price; USD at least 1.00', () => {
    expect(regularPrice(line({ eur: { regular: 100, sale: 80 } }), 'EUR')).toBe(100);
    expect(regularPrice(line({ usd: { regular: -1, sale: null } }), 'USD')).toBe(100);
  });

  it('unitPrice applies a recommendation discount (recommended price first), clamped to 0..100 %', () => {
    const rec = { recommended_by: 9, use_discount: true, discount_percent: 15 };
    expect(unitPrice(line(rec), 'EUR')).toBe(8500);
    expect(unitPrice(line({ ...rec, recommended_eur: 5000 }), 'EUR')).toBe(4250);
    expect(unitPrice(line({ ...rec, discount_percent: 33, eur: { regular: 999, sale: null } }), 'EUR')).toBe(669); // 669.33
    expect(unitPrice(line({ ...rec, discount_percent: 150 }), 'EUR')).toBe(0);
    expect(unitPrice(line({ ...rec, discount_percent: 100 }), 'USD')).toBe(0); // no USD lift of a discount price
    expect(unitPrice(line({ ...rec, use_discount: false }), 'EUR')).toBe(10000);
  });

  it('extras sums configuration extras per currency, never below 0', () => {
    const configuration = [
      { layer_id: 'a', choice_id: 'b', name: 'B', layer_name: 'A', extra_eur: 1990, extra_usd: 2190, has_backorder: false },
      { layer_id: 'c', choice_id: 'd', name: 'D', layer_name: 'C', extra_eur: -5, extra_usd: 10, has_backorder: false },
    ];
    expect(extras(line({ configuration }), 'EUR')).toBe(1990);
    expect(extras(line({ configuration }), 'USD')).toBe(2200);
    expect(extras(line(), 'EUR')).toBe(0);
  });

  it('lineTotal is (extras + unit price) x count; isOnSale compares with the regular price', () => {
    expect(lineTotal(line({ count: 3 }), 'EUR')).toBe(30000);
    expect(isOnSale(line({ eur: { regular: 100, sale: 90 } }), 'EUR')).toBe(true);
    expect(isOnSale(line(), 'EUR')).toBe(false);
  });

  it('isPreorder: quantity <= 0 with backorders yes, onbackorder, or a has_backorder choice', () => {
    expect(isPreorder(line({ stock: stock({ stock_quantity: 0, backorders: 'yes' }) }))).toBe(true);
    expect(isPreorder(line({ stock: stock({ stock_quantity: 0, backorders: 'no' }) }))).toBe(false);
    expect(isPreorder(line({ stock: stock({ stock_status: 'onbackorder' }) }))).toBe(true);
    expect(isPreorder(line({ configuration: [{ layer_id: 'a', choice_id: 'b', name: '', layer_name: '', extra_eur: 0, extra_usd: 0, has_backorder: true }] }))).toBe(true);
  });
});

describe('rules: limits', () => {
  it('stockLimit: managed + backorders yes = none; managed = quantity; unmanaged out of stock = 0', () => {
    expect(stockLimit(stock({ manage_stock: true, backorders: 'yes', stock_quantity: 1 }))).toBeNull();
    expect(stockLimit(stock({ manage_stock: true, stock_quantity: 4 }))).toBe(4);
    expect(stockLimit(stock({ manage_stock: true, stock_quantity: -2 }))).toBe(0);
    expect(stockLimit(stock({ stock_status: 'outofstock' }))).toBe(0);
    expect(stockLimit(stock())).toBeNull();
  });

  it('countOf sums every line of a product', () => {
    expect(countOf([line({ count: 2 }), line({ line_id: 'L2', count: 3 }), line({ line_id: 'L3', product_id: 2 })], 1)).toBe(5);
  });

  it('cap: earlier lines keep their stock; raising keeps what every other line holds; 31575 and recommendations', () => {
    const s = stock({ manage_stock: true, stock_quantity: 3 });
    const a = line({ stock: s, count: 1 });
    const b = line({ line_id: 'L2', stock: s, count: 2, configuration: [] });
    expect(cap(a, [a, b])).toBe(3);
    expect(cap(a, [a, b], { raising: true })).toBe(1);
    expect(cap(b, [a, b])).toBe(2);
    const builder = line({ product_id: 26907, count: 2 });
    const addon = line({ line_id: 'L2', product_id: 31575 });
    expect(cap(addon, [builder, addon])).toBe(2);
    expect(cap(addon, [addon])).toBe(0);
    const rec = line({ line_id: 'L2', product_id: 5, recommended_by: 1, use_discount: true });
    expect(cap(rec, [line({ count: 4 }), rec])).toBe(4);
    expect(cap(line({ count: 50 }), [])).toBe(10);
  });

  it('normalize clamps in cart order, repeating until stable, each line once with its final count', () => {
    const rec = line({ line_id: 'L1', product_id: 5, recommended_by: 31575, use_discount: true, count: 3 });
    const addon = line({ line_id: 'L2', product_id: 31575, count: 3 });
    const builder = line({ line_id: 'L3', product_id: 26907, count: 1 });
    const lines = [rec, addon, builder];
    // L2 (31575) is clamped to the builder's 1 first; that lowers L1's cap on the second pass.
    expect(normalize(lines)).toEqual([
      ['L2', 1],
      ['L1', 1],
    ]);
    expect(lines.map((l) => l.count)).toEqual([1, 1, 1]);
    expect(normalize(lines)).toEqual([]);
  });

  it('totals: subtotal, regular subtotal, on_sale only for counted lines, included tax, pre-order', () => {
    const lines = [line({ count: 2, eur: { regular: 10000, sale: 9000 } }), line({ line_id: 'L2', count: 0, product_id: 2, stock: stock({ stock_status: 'onbackorder' }) })];
    expect(totals(lines, 'EUR', 1900)).toEqual({
      currency: 'EUR', item_count: 2, subtotal: 18000, subtotal_regular: 20000, on_sale: true, total: 18000, tax_included: 2874, preorder: true,
    });
    expect(totals([line({ count: 0, eur: { regular: 100, sale: 50 } })], 'EUR').on_sale).toBe(false);
    expect(totals([], 'USD')).toMatchObject({ subtotal: 0, tax_included: 0, on_sale: false });
  });
});

describe('rules: the cart as the API shows it', () => {
  it('lineView adds prices in the cart currency; cartView adds totals; ruleLine and cartModel strip them again', () => {
    const cart: CartModel = { ...emptyCart(), version: 3, lines: [line({ count: 2 })] };
    const view = cartView(cart);
    expect(view.lines[0]).toMatchObject({ unit_price: 10000, regular_price: 10000, extras: 0, line_total: 20000, on_sale: false, preorder: false, cap: 10 });
    expect(lineView(cart.lines[0], { ...cart, currency: 'USD' }).unit_price).toBe(11000);
    expect(view.totals).toMatchObject({ item_count: 2, subtotal: 20000, tax_included: 3193 });
    expect(ruleLine(view.lines[0])).toEqual(cart.lines[0]);
    expect(cartModel(view)).toEqual(cart);
  });

  it('emptyCart is version 0 in Germany; startCart is version 1', () => {
    expect(emptyCart()).toMatchObject({ version: 0, country: { code: 'DE', currency: 'EUR' }, tax: { name: 'VAT', rate_bp: 1900 }, next_line: 1 });
    expect(startCart({ code: 'US', name: 'United States', currency: 'USD', tax_name: '', tax_rate_bp: 0 })).toMatchObject({ version: 1, currency: 'USD' });
  });
});

describe('rules: decisions (domain.Cart)', () => {
  const catalog = catalogOf([facts(), facts({ product_id: 2, name: 'Vali', sku: 'V', manage_stock: false, stock_quantity: null, recommended_product_ids: [3], recommended_discount: 20, recommended_discount_active: true }), facts({ product_id: 3, name: 'Pad', sku: 'P', manage_stock: false, stock_quantity: null, recommended_price_eur: 5000 })]);

  it('a first command starts the cart: Started, then its events; line ids come from next_line', () => {
    const decision = execute(emptyCart(), { type: 'add', product_id: 1 }, catalog);
    expect(decision.kind).toBe('applied');
    if (decision.kind !== 'applied') return;
    expect(decision.events.map((e) => e.type)).toEqual(['Started', 'ItemAdded']);
    expect(decision.cart).toMatchObject({ version: 2, next_line: 2, lines: [{ line_id: 'L1', count: 1 }] });
  });

  it('add raises an existing plain line; refuses past the stock with count_capped', () => {
    const { cart, last } = run(startCart(), catalog, { type: 'add', product_id: 1 }, { type: 'add', product_id: 1 }, { type: 'add', product_id: 1 }, { type: 'add', product_id: 1 });
    expect(last).toMatchObject({ kind: 'refused', refusal: { code: 'count_capped', status: 409, message: 'You already have the most of Odin we can sell you.' } });
    expect(cart.lines.map((l) => l.count)).toEqual([3]);
    expect(cart.version).toBe(5); // Started(1) + 3 ItemCountSet/ItemAdded + CommandRefused
  });

  it('refusals: product_unavailable, coming_soon, not_purchasable, variation_required, configuration', () => {
    const more = catalogOf([
      facts({ availability: 'coming_soon' }),
      facts({ product_id: 2, sku: null }),
      facts({ product_id: 3, product_type: 'variable' }),
      facts({ product_id: 4, choices: { 'a:x': { layer_id: 'a', choice_id: 'x', name: 'X', layer_name: 'A', extra_eur: 0, extra_usd: 0, stock_status: 'outofstock', has_backorder: false } } }),
    ]);
    const code = (command: Parameters<typeof execute>[1]) => {
      const d = execute(startCart(), command, more);
      return d.kind === 'refused' ? [d.refusal.code, d.refusal.status] : d.kind;
    };
    expect(code({ type: 'add', product_id: 99 })).toEqual(['product_unavailable', 422]);
    expect(code({ type: 'add', product_id: 1 })).toEqual(['coming_soon', 409]);
    expect(code({ type: 'add', product_id: 2 })).toEqual(['not_purchasable', 422]);
    expect(code({ type: 'add', product_id: 3 })).toEqual(['variation_required', 422]);
    expect(code({ type: 'add', product_id: 4, configuration: ['a:x'] })).toEqual(['configuration_unavailable', 409]);
    expect(code({ type: 'add', product_id: 4, configuration: ['a:nope'] })).toEqual(['invalid_configuration', 422]);
    expect(code({ type: 'set_count', line_id: 'L9', count: 1 })).toEqual(['line_not_found', 409]);
    expect(code({ type: 'remove', line_id: 'L9' })).toEqual(['line_not_found', 409]);
    expect(code({ type: 'set_country', country: 'XX' })).toEqual(['unknown_country', 422]);
    expect(code({ type: 'start_checkout' })).toEqual(['cart_empty', 409]);
    expect(code({ type: 'bogus' } as never)).toEqual(['unknown_command', 422]);
  });

  it('a refusal leaves the lines as they were and records only CommandRefused', () => {
    const start = run(startCart(), catalog, { type: 'add', product_id: 1 }).cart;
    const d = execute(start, { type: 'set_count', line_id: 'L1', count: 11 }, catalog);
    expect(d).toMatchObject({ kind: 'refused', refusal: { code: 'invalid_count' } });
    if (d.kind !== 'refused') return;
    expect(d.events.map((e) => e.type)).toEqual(['CommandRefused']);
    expect(d.cart).toEqual({ ...start, version: start.version + 1 });
  });

  it('set_count clamps to the cap without a refusal, 0 keeps the line', () => {
    const { cart } = run(startCart(), catalog, { type: 'add', product_id: 1 }, { type: 'set_count', line_id: 'L1', count: 9 });
    expect(cart.lines[0].count).toBe(3);
    expect(run(cart, catalog, { type: 'set_count', line_id: 'L1', count: 0 }).cart.lines).toHaveLength(1);
  });

  it('a recommended add gets the discount while the recommender is in the cart; remove clears it and clamps', () => {
    const { cart } = run(startCart(), catalog, { type: 'add', product_id: 2 }, { type: 'add', product_id: 3, recommended_by: 2 });
    expect(cart.lines[1]).toMatchObject({ recommended_by: 2, use_discount: true, discount_percent: 20, recommended_eur: 5000 });
    expect(cartView(cart).lines[1].unit_price).toBe(4000);
    const removed = execute(cart, { type: 'remove', line_id: 'L1' }, catalog);
    expect(removed.kind).toBe('applied');
    if (removed.kind !== 'applied') return;
    expect(removed.cart.lines).toMatchObject([{ line_id: 'L2', use_discount: false }]);
    expect(removed.events.map((e) => e.type)).toEqual(['ItemRemoved']);
  });

  it('set_country, set_payment_intent, clear and start_checkout', () => {
    const { cart } = run(startCart(), catalog, { type: 'add', product_id: 1 }, { type: 'set_country', country: 'us' }, { type: 'set_payment_intent', intent: 'bacs' });
    expect(cart).toMatchObject({ currency: 'USD', country: { code: 'US' }, tax: { rate_bp: 0 }, intent: 'bacs' });
    const checkout = run(cart, catalog, { type: 'start_checkout' }).cart;
    expect(checkout.checkout_started).toBe(true);
    const cleared = run(checkout, catalog, { type: 'clear' }).cart;
    expect(cleared).toMatchObject({ lines: [], checkout_started: false, next_line: 2 });
  });

  it('asks for the facts it lacks instead of guessing (kind unknown)', () => {
    const none: CatalogLookup = { product: () => undefined, country: () => undefined };
    expect(execute(startCart(), { type: 'add', product_id: 1 }, none).kind).toBe('unknown');
    expect(execute(startCart(), { type: 'set_country', country: 'FR' }, none).kind).toBe('unknown');
    expect(execute(startCart(), { type: 'clear' }, none).kind).toBe('applied');
  });

  it('countDeltas nets count changes per product and variation', () => {
    const before = { lines: [line({ count: 2 }), line({ line_id: 'L2', product_id: 2, count: 1 })] };
    const after = { lines: [line({ count: 5 }), line({ line_id: 'L3', product_id: 3, variation_id: 7, count: 1 })] };
    expect(countDeltas(before, after)).toEqual([
      { product_id: 1, variation_id: null, delta: 3 },
      { product_id: 2, variation_id: null, delta: -1 },
      { product_id: 3, variation_id: 7, delta: 1 },
    ]);
  });
});
