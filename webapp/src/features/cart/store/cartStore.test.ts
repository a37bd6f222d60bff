import type { Product, Variation } from '@/types/api';
import { CART_STORAGE_KEY, createCartStore, type PersistedCart } from './cartStore';
import { productFacts } from './facts';
import { FakeCartServer, settle, testDeps } from './testing';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id: 101,
  name: 'Tyr TKL',
  slug: 'tyr-tkl',
  type: 'simple',
  sku: 'TYR',
  price: '139.99',
  regular_price: '139.99',
  sale_price: '',
  price_usd: '149.99',
  regular_price_usd: '149.99',
  sale_price_usd: '',
  stock_status: 'instock',
  manage_stock: true,
  stock_quantity: 3,
  backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  acf: {},
  ...fields,
});

const tyr = product();
const mouse = product({ id: 202, name: 'Vali', slug: 'vali', sku: 'VALI', price: '59.99', regular_price: '59.99', manage_stock: false, stock_quantity: null });

function setup(products: Product[] = [tyr, mouse]) {
  const server = new FakeCartServer({ products: products.map((p) => productFacts(p)) });
  const env = testDeps(server);
  const store = createCartStore({ deps: env.deps });
  return { server, store, ...env };
}

const counts = (store: ReturnType<typeof setup>['store']) => store.getState().cart.lines.map((l) => [l.line_id, l.count]);

describe('cart store: commands', () => {
  it('applies an add optimistically, before the server answers, then takes the server state', async () => {
    const { store, server } = setup();
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    store.getState().add(tyr);
    expect(counts(store)).toEqual([['L1', 1]]);
    expect(store.getState().cart.totals).toMatchObject({ item_count: 1, subtotal: 13999, tax_included: 2235 });
    expect(store.getState().outbox).toHaveLength(1);
    expect(store.getState().server).toBeNull();
    open();
    await settle();
    expect(store.getState().outbox).toHaveLength(0);
    expect(store.getState().server?.version).toBe(2); // Started + ItemAdded
    expect(counts(store)).toEqual([['L1', 1]]);
  });

  it('refuses locally what the server would refuse: shows the message and queues nothing', async () => {
    const soon = product({ id: 7, name: 'Bragi', sku: 'B', acf: { availability: 'coming_soon' } });
    const { store, server } = setup([soon]);
    const outcome = store.getState().add(soon);
    expect(outcome).toMatchObject({ ok: false, code: 'coming_soon', message: 'Bragi is coming soon and cannot be ordered yet.' });
    expect(store.getState().notice?.code).toBe('coming_soon');
    expect(store.getState().outbox).toEqual([]);
    await settle();
    expect(server.received).toEqual([]);
  });

  it('caps at stock with the same rules: the fourth add of a product with stock 3 is refused', () => {
    const { store } = setup();
    for (let i = 0; i < 3; i++) expect(store.getState().add(tyr).ok).toBe(true);
    expect(store.getState().add(tyr)).toMatchObject({ ok: false, code: 'count_capped' });
    expect(counts(store)).toEqual([['L1', 3]]);
  });

  it('sends the outbox in order, one command at a time, each with its own Idempotency-Key', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    store.getState().add(mouse);
    store.getState().setCount('L2', 4);
    store.getState().remove('L1');
    await settle(60);
    expect(server.maxInFlight).toBe(1);
    expect(server.received.map((r) => r.command)).toEqual([
      { type: 'add', product_id: 101 },
      { type: 'add', product_id: 202 },
      { type: 'set_count', line_id: 'L2', count: 4 },
      { type: 'remove', line_id: 'L1' },
    ]);
    expect(new Set(server.received.map((r) => r.key)).size).toBe(4);
    expect(server.received.every((r) => r.token === server.received[0].token)).toBe(true);
    expect(counts(store)).toEqual([['L2', 4]]);
    expect(store.getState().server?.version).toBe(5);
  });

  it('retries with the same Idempotency-Key after a 5xx, with exponential backoff', async () => {
    const { store, server, timers } = setup();
    server.mode = 503;
    store.getState().add(tyr);
    await settle();
    expect(server.received).toHaveLength(1);
    expect(store.getState().outbox[0].attempts).toBe(1);
    expect(timers.pending.map((t) => t.ms)).toEqual([1000]);
    timers.runAll();
    await settle();
    expect(timers.pending.map((t) => t.ms)).toEqual([2000]);
    server.mode = 'up';
    timers.runAll();
    await settle();
    expect(server.received).toHaveLength(3);
    expect(new Set(server.received.map((r) => r.key)).size).toBe(1);
    expect(store.getState().outbox).toEqual([]);
    expect(server.cart(server.received[0].token)?.lines[0].count).toBe(1);
  });

  it('a lost answer is sent again with the same key and the server does not apply it twice', async () => {
    const { store, server } = setup();
    const realSend = server.sendCommand.bind(server);
    let drop = true;
    server.sendCommand = async (token, key, command) => {
      const result = await realSend(token, key, command);
      if (drop) {
        drop = false;
        return { kind: 'retry', status: null };
      }
      return result;
    };
    store.getState().add(tyr);
    await settle();
    expect(store.getState().outbox).toHaveLength(1); // the browser never saw the answer
    await store.getState().flush();
    expect(store.getState().outbox).toEqual([]);
    const token = store.getState().token!;
    expect(server.cart(token)?.lines[0].count).toBe(1);
    expect(server.cart(token)?.version).toBe(2);
    expect(counts(store)).toEqual([['L1', 1]]);
  });

  it('on a refusal reconciles to the cart in the answer, drops the entry and tells the shopper', async () => {
    const { store, server } = setup();
    // The server has fresher facts: sold out.
    server.put(productFacts({ ...tyr, stock_quantity: 0, stock_status: 'outofstock' }));
    store.getState().add(tyr);
    expect(counts(store)).toEqual([['L1', 1]]);
    await settle();
    expect(store.getState().outbox).toEqual([]);
    expect(counts(store)).toEqual([]);
    expect(store.getState().notice).toMatchObject({ code: 'out_of_stock', message: 'Tyr TKL is out of stock.' });
    expect(store.getState().server?.version).toBe(2); // Started + CommandRefused
  });

  it('queues while offline and sends everything once when the browser is back online', async () => {
    const { store, server, timers, setOnline } = setup();
    await store.getState().init();
    store.getState().add(tyr);
    await settle();
    setOnline(false);
    server.mode = 'down';
    store.getState().setCount('L1', 3);
    store.getState().add(mouse);
    await settle();
    expect(counts(store)).toEqual([
      ['L1', 3],
      ['L2', 1],
    ]);
    expect(store.getState().outbox.map((e) => e.command.type)).toEqual(['set_count', 'add']);
    expect(timers.pending).toEqual([]); // no timer while offline: the online event flushes
    server.mode = 'up';
    setOnline(true);
    await settle(60);
    expect(store.getState().outbox).toEqual([]);
    const token = store.getState().token!;
    expect(server.cart(token)?.lines.map((l) => [l.line_id, l.count])).toEqual([
      ['L1', 3],
      ['L2', 1],
    ]);
    expect(server.cart(token)?.version).toBe(4);
    const applied = server.received.filter((r, i, all) => all.findIndex((x) => x.key === r.key) === i);
    expect(applied).toHaveLength(3);
  });

  it('takes the cart in the answer when another tab changed it, without re-reading it', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle();
    const token = store.getState().token!;
    server.runElsewhere(token, { type: 'add', product_id: 202 });
    const readsBefore = server.reads.length;
    store.getState().setCount('L1', 2);
    await settle(40);
    expect(counts(store)).toEqual([
      ['L1', 2],
      ['L2', 1],
    ]);
    expect(store.getState().server?.version).toBe(4);
    expect(server.reads.length).toBe(readsBefore); // the answer was the whole truth
  });

  it('re-applies the pending later commands on top of the server answer for the first', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle();
    const token = store.getState().token!;
    server.runElsewhere(token, { type: 'add', product_id: 202 });
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    store.getState().setCount('L1', 2);
    store.getState().setCount('L1', 3);
    expect(counts(store)).toEqual([['L1', 3]]); // optimistic, the other tab's line not known yet
    server.gate = null;
    open();
    await settle(10);
    // the first answer (L2 from the other tab) is the mirror; the pending set_count 3 shows on top
    expect(store.getState().server?.lines.map((l) => l.line_id)).toEqual(['L1', 'L2']);
    await settle(40);
    expect(store.getState().outbox).toHaveLength(0);
    expect(counts(store)).toEqual([
      ['L1', 3],
      ['L2', 1],
    ]);
    expect(server.cart(token)?.version).toBe(5);
  });

  it('a replayed answer (an older cart) never replaces a newer mirror, and the cart is re-read', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle();
    const first = server.received[0];
    store.getState().setCount('L1', 2);
    await settle();
    expect(store.getState().server?.version).toBe(3);
    // the first command again (another tab's copy of the outbox): answered from history
    store.setState((s) => ({ outbox: [{ id: first.key, command: first.command, attempts: 0, createdAt: 0 }], settled: s.settled }));
    const readsBefore = server.reads.length;
    await store.getState().flush();
    await settle();
    expect(store.getState().server?.version).toBe(3);
    expect(counts(store)).toEqual([['L1', 2]]);
    expect(server.reads.length).toBe(readsBefore + 1);
  });

  it('keeps pending commands on top of a newer server state (the server wins, pending re-applied)', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle();
    server.mode = 'down';
    store.getState().setCount('L1', 2);
    await settle();
    server.mode = 'up';
    server.runElsewhere(store.getState().token!, { type: 'add', product_id: 202 });
    await store.getState().refresh();
    expect(counts(store)).toEqual([
      ['L1', 2],
      ['L2', 1],
    ]);
  });

  it('set_country: the server decides currency and tax; the rules show it right away', async () => {
    const us = { code: 'US', name: 'United States', currency: 'USD' as const, tax_name: '', tax_rate_bp: 0 };
    const server = new FakeCartServer({ products: [productFacts(tyr)], countries: [us] });
    const env = testDeps(server);
    const store = createCartStore({ deps: env.deps });
    store.getState().rememberCountries([{ code: 'US', name: 'United States', currency: 'USD' }], []);
    store.getState().add(tyr);
    store.getState().setCountry('us');
    expect(store.getState().cart.currency).toBe('USD');
    expect(store.getState().cart.totals).toMatchObject({ subtotal: 14999, tax_included: 0 });
    await settle(40);
    expect(store.getState().server?.country.code).toBe('US');
  });

  it('a country the browser has no facts for is queued without an optimistic change', async () => {
    const { store, server } = setup();
    store.getState().setCountry('FR');
    expect(store.getState().cart.country.code).toBe('DE');
    expect(store.getState().outbox).toHaveLength(1);
    await settle();
    expect(store.getState().notice?.code).toBe('unknown_country');
    expect(server.received).toHaveLength(1);
  });

  it('remove clears the discount flag of recommendation data tied to the removed product', () => {
    const { store } = setup();
    store.getState().add(tyr);
    store.getState().setRecommendedProductData(202, { price: { eur: 4999, usd: 5499 }, recommendedBy: 101, useDiscount: true });
    store.getState().remove('L1');
    expect(store.getState().recommendedProductsData.prod_202.useDiscount).toBe(false);
  });

  it('an added product leaves the recommendations list and becomes productAddedToCart', () => {
    const { store } = setup();
    store.getState().setRecommendedProducts([tyr, mouse]);
    store.getState().add(mouse);
    expect(store.getState().recommendedProducts.map((p) => p.id)).toEqual([101]);
    expect(store.getState().productAddedToCart?.id).toBe(202);
  });

  it('adds a variation with its own price and a configured item as a new line each time', () => {
    const variable = product({ id: 300, type: 'variable', name: 'Vali Pro', sku: 'VP', manage_stock: false, stock_quantity: null, variations: [31, 32] });
    const black = { id: 31, sku: 'VP-B', price: '129.99', regular_price: '139.99', sale_price: '129.99', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '', stock_status: 'instock', attributes: [{ name: 'Colour', option: 'Black' }] } as Variation;
    const { store } = setup([variable]);
    expect(store.getState().add(variable)).toMatchObject({ ok: false, code: 'variation_required' });
    store.getState().add(variable, { variation: black });
    const [line] = store.getState().cart.lines;
    expect(line).toMatchObject({ variation_id: 31, variation_label: 'Black', unit_price: 12999, on_sale: true });
    expect(store.getState().cart.totals).toMatchObject({ on_sale: true, subtotal: 12999, subtotal_regular: 13999 });
  });
});

describe('cart store: persistence', () => {
  it('saves the spec shape [{id, variationId, count, configuration}] with a schema version, plus token and outbox', async () => {
    const { store, server } = setup();
    server.mode = 'down';
    store.getState().add(tyr);
    store.getState().add(tyr);
    await settle();
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { version: number; state: PersistedCart };
    expect(saved.version).toBe(2);
    expect(saved.state.items).toEqual([{ id: 101, variationId: null, count: 2, configuration: null }]);
    expect(saved.state.token).toMatch(/^[A-Za-z0-9_-]{22,128}$/);
    expect(saved.state.outbox.map((e) => e.command)).toEqual([
      { type: 'add', product_id: 101 },
      { type: 'add', product_id: 101 },
    ]);
  });

  it('survives a reload: the outbox (with its keys) and the optimistic lines come back and are sent', async () => {
    const first = setup();
    first.server.mode = 'down';
    first.store.getState().add(tyr);
    await settle();
    const key = first.store.getState().outbox[0].id;
    // Reload: a new store over the same storage, the server back.
    first.server.mode = 'up';
    const env = testDeps(first.server);
    const second = createCartStore({ deps: env.deps });
    expect(second.getState().outbox.map((e) => e.id)).toEqual([key]);
    expect(second.getState().cart.lines.map((l) => [l.line_id, l.count])).toEqual([['L1', 1]]);
    await second.getState().init();
    await settle();
    expect(second.getState().outbox).toEqual([]);
    expect(first.server.received.map((r) => r.key)).toEqual([key, key]);
    expect(first.server.cart(second.getState().token!)?.lines).toHaveLength(1);
  });

  it('migrates the version 1 client-only cart: its lines are added to the server cart on init', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { items: [{ id: 101, variationId: null, count: 2, configuration: null }, { id: 202, variationId: null, count: 1, configuration: null }] } }),
    );
    const { store, server } = setup();
    expect(store.getState().legacy).toHaveLength(2);
    await store.getState().init();
    await settle(60);
    expect(server.received.map((r) => r.command)).toEqual([
      { type: 'add', product_id: 101, variation_id: null, configuration: null },
      { type: 'add', product_id: 101, variation_id: null, configuration: null },
      { type: 'add', product_id: 202, variation_id: null, configuration: null },
    ]);
    expect(counts(store)).toEqual([
      ['L1', 2],
      ['L2', 1],
    ]);
    expect(store.getState().legacy).toBeNull();
  });

  it('migrates the bare array of the old shop (version 0)', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: 0, state: [{ id: 5, variationId: 9, count: 3, configuration: null }] }));
    const { store } = setup();
    expect(store.getState().legacy).toEqual([{ id: 5, variationId: 9, count: 3, configuration: null }]);
  });

  it('init of a browser that never sent a command makes no token and asks the server nothing (no GET that can only answer 404)', async () => {
    const { store, server } = setup();
    await store.getState().init();
    expect(server.reads).toEqual([]);
    expect(store.getState().token).toBeNull();
    expect(store.getState().didInit).toBe(true);
    // The first command makes the token; from then on init reads the cart back, even with the
    // saved mirror lost (only the token kept).
    store.getState().add(tyr);
    await settle();
    const token = store.getState().token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,128}$/);
    store.setState({ server: null });
    await store.getState().init();
    expect(server.reads).toEqual([token]);
    expect(counts(store)).toEqual([['L1', 1]]);
  });

  it('init reads the server cart: the server wins over a stale saved mirror', async () => {
    const { store, server } = setup();
    store.getState().add(tyr);
    await settle();
    server.runElsewhere(store.getState().token!, { type: 'set_count', line_id: 'L1', count: 3 });
    await store.getState().init();
    expect(counts(store)).toEqual([['L1', 3]]);
    expect(store.getState().didInit).toBe(true);
    expect(store.getState().cid).toMatch(/^[0-9a-f-]{36}$/);
  });
});
