import type { Product } from '@/types/api';
import { createCartStore } from './cartStore';
import { productFacts } from './facts';
import { execute } from './decider';
import { emptyCart } from './rules';
import { settle, testDeps } from './testing';
import { CouponCartServer } from './testingCoupons';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id: 101, name: 'Tyr TKL', slug: 'tyr-tkl', type: 'simple', sku: 'TYR',
  price: '139.99', regular_price: '139.99', sale_price: '', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '',
  stock_status: 'instock', manage_stock: true, stock_quantity: 3, backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }], acf: {},
  ...fields,
});
const tyr = product();
const mouse = product({ id: 202, name: 'Vali', slug: 'vali', sku: 'VALI', price: '59.99', regular_price: '59.99', manage_stock: false, stock_quantity: null });

function setup() {
  const server = new CouponCartServer({ products: [tyr, mouse].map((p) => productFacts(p)), coupons: { welcome10: 10 } });
  const env = testDeps(server);
  const store = createCartStore({ deps: env.deps });
  return { server, store, ...env };
}

describe('cart store: coupons and the hand-off (server-decided commands)', () => {
  it('the rules leave coupon commands and the hand-off with lines to the server', () => {
    const catalog = { product: () => undefined, country: () => undefined };
    expect(execute(emptyCart(), { type: 'apply_coupon', code: 'X' }, catalog)).toEqual({ kind: 'unknown' });
    expect(execute(emptyCart(), { type: 'remove_coupon', code: 'X' }, catalog)).toEqual({ kind: 'unknown' });
    expect(execute(emptyCart(), { type: 'start_checkout', lines: [] }, catalog)).toEqual({ kind: 'unknown' });
  });

  it('applies a coupon only when the server says so, then shows its coupons and discount', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle(60);
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    const answer = store.getState().applyCoupon(' WELCOME10 ');
    // Not applied optimistically: the cart is unchanged while the command waits.
    expect(store.getState().cart.coupons ?? []).toEqual([]);
    expect(store.getState().cart.totals.total).toBe(13999);
    // No email is ever sent with it (docs/events.md: the cart holds no personal data).
    expect(store.getState().outbox.map((e) => e.command)).toEqual([{ type: 'apply_coupon', code: 'WELCOME10' }]);
    open();
    server.gate = null;
    await expect(answer).resolves.toEqual({ ok: true });
    const { cart } = store.getState();
    expect(cart.coupons).toEqual([{ code: 'welcome10', discount_type: 'percent', amount: 1000, discount: 1400, free_shipping: false }]);
    expect(cart.totals).toMatchObject({ subtotal: 13999, discount: 1400, total: 12599, tax_included: 2012 });
    expect(server.received.at(-1)?.command.type).toBe('apply_coupon');
  });

  it('gives a refusal to the caller, not to the shared notice, and keeps the cart', async () => {
    const { store } = setup();
    store.getState().add(tyr);
    await settle(60);
    const answer = await store.getState().applyCoupon('NOPE');
    expect(answer).toEqual({ ok: false, status: 409, code: 'coupon_not_found', message: 'Coupon "NOPE" does not exist!' });
    expect(store.getState().notice).toBeNull();
    expect(store.getState().cart.lines).toHaveLength(1);
    expect(store.getState().outbox).toEqual([]);
  });

  it('keeps coupons and estimates the discount while a count change is pending; the server answer wins', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle(60);
    await store.getState().applyCoupon('welcome10');
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    store.getState().setCount('L1', 2);
    expect(store.getState().cart.coupons?.map((c) => c.code)).toEqual(['welcome10']);
    expect(store.getState().cart.totals).toMatchObject({ subtotal: 27998, discount: 1400, total: 26598 });
    open();
    await settle(60);
    expect(store.getState().cart.totals).toMatchObject({ subtotal: 27998, discount: 2800, total: 25198 });
  });

  it('removes a coupon through the server', async () => {
    const { store } = setup();
    store.getState().add(tyr);
    await settle(60);
    await store.getState().applyCoupon('welcome10');
    await expect(store.getState().removeCoupon('welcome10')).resolves.toEqual({ ok: true });
    expect(store.getState().cart.coupons).toEqual([]);
    expect(store.getState().cart.totals).toMatchObject({ discount: 0, total: 13999 });
  });

  it('hands off with the shopper\'s lines (count above 0) in one start_checkout command', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    store.getState().add(tyr);
    store.getState().add(mouse);
    store.getState().setCount('L2', 0);
    await settle(60);
    // Another tab emptied the server cart: the hand-off makes it match this one again.
    server.runElsewhere(store.getState().token!, { type: 'clear' });
    const answer = await store.getState().handOff();
    expect(answer).toEqual({ ok: true });
    expect(server.received.at(-1)?.command).toEqual({
      type: 'start_checkout',
      lines: [{ product_id: 101, variation_id: null, count: 2, configuration: null, recommended_by: null }],
    });
    const cart = server.cart(store.getState().token!)!;
    expect(cart.checkout_started).toBe(true);
    expect(cart.lines.map((l) => [l.product_id, l.count])).toEqual([[101, 2]]);
    expect(store.getState().cart.checkout_started).toBe(true);
  });

  it('reports a hand-off the server refuses', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle(60);
    server.put(productFacts(product({ stock_status: 'outofstock', stock_quantity: 0 })));
    const answer = await store.getState().handOff();
    expect(answer).toMatchObject({ ok: false, code: 'out_of_stock', message: 'Tyr TKL is out of stock.' });
  });

  it('waits through a network error and answers once the retry lands (same Idempotency-Key)', async () => {
    const { store, server, timers } = setup();
    store.getState().add(tyr);
    await settle(60);
    server.mode = 'down';
    let answered = false;
    const answer = store.getState().applyCoupon('welcome10').then((a) => {
      answered = true;
      return a;
    });
    await settle(60);
    expect(answered).toBe(false);
    server.mode = 'up';
    timers.runAll();
    await expect(answer).resolves.toEqual({ ok: true });
    const keys = server.received.filter((r) => r.command.type === 'apply_coupon').map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('answers a command the server rejects outright (not a refusal with a cart)', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle(60);
    server.sendCommand = () => Promise.resolve({ kind: 'rejected', status: 422, code: 'invalid_request', message: 'code: too long' });
    await expect(store.getState().applyCoupon('x'.repeat(200))).resolves.toMatchObject({ ok: false, code: 'invalid_request' });
    expect(store.getState().notice).toBeNull();
  });
});
