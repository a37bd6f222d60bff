import type { Product } from '@/types/api';
import type { CartView, GaEvent, OutboxEntry } from '../types';
import { CART_STORAGE_KEY, createCartStore, type PersistedCart } from './cartStore';
import { mergeOtherTab, SETTLED_KEPT, unionIds, type SharedCart } from './crossTab';
import { productFacts } from './facts';
import { FakeCartServer, settle, testDeps } from './testing';
import { fixture } from '@/test/apiFixtures';

const product = (id: number, sku: string): Product => fixture<Product>({
  id,
  name: `P${id}`,
  slug: `p${id}`,
  type: 'simple',
  sku,
  price: '10.00',
  regular_price: '10.00',
  sale_price: '',
  price_usd: '11.00',
  regular_price_usd: '11.00',
  sale_price_usd: '',
  stock_status: 'instock',
  manage_stock: false,
  stock_quantity: null,
  backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  acf: {},
});
const first = product(101, 'A');
const second = product(202, 'B');

const entry = (id: string, createdAt: number): OutboxEntry => ({ id, command: { type: 'add', product_id: 1 }, createdAt, attempts: 0 });
const hit = (event_id: string, createdAt: number): GaEvent => ({ event_id, kind: 'added', product_id: 1, variation_id: null, quantity: 1, createdAt, attempts: 0 });
const view = (version: number) => ({ version, lines: [] }) as unknown as CartView;
const shared = (fields: Partial<SharedCart>): SharedCart => ({ token: 't', cid: null, server: null, outbox: [], analytics: [], facts: {}, settled: [], sent: [], ...fields });

describe('mergeOtherTab', () => {
  it('unites both outboxes by key, oldest first, without what either tab settled', () => {
    const mine = shared({ outbox: [entry('a', 1), entry('c', 3)], settled: ['x'] });
    const theirs = shared({ outbox: [entry('b', 2), entry('c', 3), entry('x', 0)], settled: ['a'] });
    const merged = mergeOtherTab(mine, theirs);
    expect(merged.outbox.map((e) => e.id)).toEqual(['b', 'c']);
    expect(merged.settled).toEqual(['x', 'a']);
  });

  it('takes the newer server state of the same cart and unites analytics without sent hits', () => {
    const mine = shared({ server: view(3), analytics: [hit('h1', 1)], sent: ['h0'] });
    const theirs = shared({ server: view(5), analytics: [hit('h0', 0), hit('h2', 2)], sent: [] });
    const merged = mergeOtherTab(mine, theirs);
    expect(merged.server?.version).toBe(5);
    expect(merged.analytics.map((h) => h.event_id)).toEqual(['h1', 'h2']);
    expect(mergeOtherTab(shared({ server: view(7) }), theirs).server?.version).toBe(7);
  });

  it('adopts the cart another tab started when this tab has none on the server yet', () => {
    const merged = mergeOtherTab(shared({ token: 'mine', outbox: [entry('a', 1)] }), shared({ token: 'theirs', server: view(2), outbox: [entry('b', 2)] }));
    expect(merged.token).toBe('theirs');
    expect(merged.server?.version).toBe(2);
    expect(merged.outbox.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('keeps its own started cart (and ignores the other cart`s commands) when both carts exist', () => {
    const merged = mergeOtherTab(shared({ token: 'mine', server: view(4) }), shared({ token: 'theirs', server: view(9), outbox: [entry('b', 2)] }));
    expect(merged.token).toBe('mine');
    expect(merged.server?.version).toBe(4);
    expect(merged.outbox).toEqual([]);
  });

  it('remembers a bounded number of settled keys', () => {
    const many = Array.from({ length: SETTLED_KEPT + 50 }, (_, i) => `k${i}`);
    expect(unionIds(many, ['new'], SETTLED_KEPT)).toHaveLength(SETTLED_KEPT);
    expect(unionIds(many, ['new'], SETTLED_KEPT).at(-1)).toBe('new');
  });
});

describe('cart store: two tabs', () => {
  const raw = () => localStorage.getItem(CART_STORAGE_KEY);

  function tab(server: FakeCartServer, name: string) {
    const env = testDeps(server);
    let n = 0;
    const deps = {
      ...env.deps,
      uuid: () => `${name}0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      token: () => `tok_${name.repeat(40)}`,
    };
    return createCartStore({ deps, listenToOtherTabs: false });
  }

  it('keeps the commands of two tabs that wrote over each other offline, and lands each once', async () => {
    const server = new FakeCartServer({ products: [first, second].map((p) => productFacts(p)) });
    server.mode = 'down';
    const a = tab(server, 'a');
    const b = tab(server, 'b');
    a.getState().add(first);
    await settle();
    b.getState().add(second); // b never saw a's write: its own write replaces it
    await settle();
    expect((JSON.parse(raw()!) as { state: PersistedCart }).state.outbox).toHaveLength(1);

    a.absorbOtherTab(raw()); // the storage events, in the order the browser delivers them
    b.absorbOtherTab(raw());
    expect(a.getState().token).toBe(b.getState().token); // a adopted b's cart (a had none yet)
    const keys = (s: typeof a) => s.getState().outbox.map((e) => e.id).sort();
    expect(keys(a)).toHaveLength(2);
    expect(keys(b)).toEqual(keys(a));
    expect((JSON.parse(raw()!) as { state: PersistedCart }).state.outbox).toHaveLength(2);

    const expectedHits = a
      .getState()
      .outbox.map((e) => `${e.id}:${(e.command as { product_id: number }).product_id}:0`)
      .sort();
    server.mode = 'up';
    await Promise.all([a.getState().flush(), b.getState().flush()]); // both tabs send both
    await settle(60);
    const token = a.getState().token!;
    const lines = server.cart(token)!.lines.map((l) => [l.product_id, l.count]).sort();
    expect(lines).toEqual([
      [101, 1],
      [202, 1],
    ]);
    expect(a.getState().outbox).toEqual([]);
    expect(b.getState().outbox).toEqual([]);
    // Both tabs may report an add they settled; the hit ids are the command's, so the server
    // counts each add once.
    await Promise.all([a.getState().flushAnalytics(), b.getState().flushAnalytics()]);
    await settle(60);
    expect([...server.analyticsRecorded].sort()).toEqual(expectedHits);
    expect(a.getState().analytics).toEqual([]);
    expect(b.getState().analytics).toEqual([]);
  });

  it('does not echo: absorbing a state it already has changes nothing and writes nothing', async () => {
    const server = new FakeCartServer({ products: [first].map((p) => productFacts(p)) });
    const a = tab(server, 'a');
    a.getState().add(first);
    await settle(60);
    const before = raw();
    const state = a.getState();
    a.absorbOtherTab(before);
    expect(a.getState()).toBe(state);
    expect(raw()).toBe(before);
  });
});
