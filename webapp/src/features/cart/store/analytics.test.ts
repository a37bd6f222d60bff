import type { Product } from '@/types/api';
import { createCartApi } from '../api/cartApi';
import { createCartStore, type PersistedCart } from './cartStore';
import { productFacts } from './facts';
import { FakeCartServer, settle, testDeps } from './testing';
import { fixture, productAcf } from '@/test/apiFixtures';

const tyr: Product = fixture<Product>({
  id: 101, name: 'Tyr TKL', slug: 'tyr-tkl', type: 'simple', sku: 'TYR',
  price: '139.99', regular_price: '139.99', sale_price: '', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '',
  stock_status: 'instock', manage_stock: false, stock_quantity: null, backorders: 'no', acf: productAcf(),
});

function setup() {
  const server = new FakeCartServer({ products: [productFacts(tyr)] });
  const env = testDeps(server);
  const store = createCartStore({ deps: env.deps });
  return { server, store, ...env };
}

const hits = (server: FakeCartServer) => server.analyticsReceived.map(({ event }) => [event.kind, event.product_id, event.quantity]);

describe('analytics outbox', () => {
  it('reports the exact count change of add, set_count and remove, once each, with a uuid event_id and the cid', async () => {
    const { store, server } = setup();
    await store.getState().init();
    store.getState().add(tyr); // +1
    store.getState().add(tyr); // +1
    store.getState().setCount('L1', 5); // +3
    store.getState().setCount('L1', 1); // -4
    store.getState().setCount('L1', 0); // -1
    store.getState().remove('L1'); // count 0: nothing more to report
    await settle(100);
    expect(hits(server)).toEqual([
      ['added', 101, 1],
      ['added', 101, 1],
      ['added', 101, 3],
      ['removed', 101, 4],
      ['removed', 101, 1],
    ]);
    const ids = server.analyticsReceived.map(({ event }) => event.event_id);
    expect(new Set(ids).size).toBe(5);
    expect(server.analyticsReceived.every(({ cid }) => cid === store.getState().cid)).toBe(true);
    expect(store.getState().analytics).toEqual([]);
  });

  it('reports what the server applied, not what was asked (a capped set_count)', async () => {
    const { store, server } = setup();
    server.put(productFacts({ ...tyr, manage_stock: true, stock_quantity: 2 }));
    store.getState().add(tyr);
    store.getState().setCount('L1', 8); // the browser thinks 8; the server caps at 2
    await settle(60);
    expect(hits(server)).toEqual([
      ['added', 101, 1],
      ['added', 101, 1],
    ]);
  });

  it('a refused command reports nothing', async () => {
    const { store, server } = setup();
    server.put(productFacts({ ...tyr, stock_status: 'outofstock' }));
    store.getState().add(tyr);
    await settle(40);
    expect(server.analyticsReceived).toEqual([]);
  });

  it('retries a hit with the same event_id until a 2xx, then drops it; it survives a reload', async () => {
    const { store, server, timers } = setup();
    server.analyticsMode = 503;
    store.getState().add(tyr);
    await settle(40);
    expect(server.analyticsReceived).toHaveLength(1);
    expect(store.getState().analytics).toHaveLength(1);
    const saved = JSON.parse(localStorage.getItem('cart') ?? '{}') as { state: PersistedCart };
    expect(saved.state.analytics).toHaveLength(1);
    timers.runAll();
    await settle(40);
    expect(server.analyticsReceived).toHaveLength(2);
    server.analyticsMode = 'up';
    // a reload: the saved hit is sent by the new store
    const again = createCartStore({ deps: testDeps(server).deps });
    expect(again.getState().analytics).toHaveLength(1);
    await again.getState().flushAnalytics();
    expect(again.getState().analytics).toEqual([]);
    const ids = server.analyticsReceived.map(({ event }) => event.event_id);
    expect(new Set(ids).size).toBe(1);
    expect(server.analyticsRecorded.size).toBe(1);
  });

  it('drops a hit the server calls malformed (400) instead of blocking the queue behind it', async () => {
    const { store, server } = setup();
    server.analyticsMode = 400;
    store.getState().add(tyr);
    store.getState().add(tyr);
    await settle(60);
    expect(server.analyticsReceived).toHaveLength(2);
    expect(store.getState().analytics).toEqual([]);
  });

  it('sends GET /api/ga/added-to-cart and /removed-from-cart with cid, product_id, quantity, variation and event_id', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    const api = createCartApi(fetchMock);
    const base = { product_id: 7, variation_id: 9, createdAt: 0, attempts: 0 };
    expect(await api.sendAnalytics('c1', { ...base, event_id: 'e1', kind: 'added', quantity: 2 })).toBe('sent');
    expect(await api.sendAnalytics('c1', { ...base, event_id: 'e2', kind: 'removed', quantity: 1 })).toBe('sent');
    const urls = fetchMock.mock.calls.map((call) => (call as unknown[])[0]);
    expect(urls).toEqual([
      '/api/ga/added-to-cart?cid=c1&product_id=7&quantity=2&variation=9&event_id=e1',
      '/api/ga/removed-from-cart?cid=c1&product_id=7&quantity=1&event_id=e2',
    ]);
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('', { status: 404 })));
    expect(await api.sendAnalytics('c1', { ...base, event_id: 'e3', kind: 'added', quantity: 1 })).toBe('retry');
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('', { status: 503 })));
    expect(await api.sendAnalytics('c1', { ...base, event_id: 'e3', kind: 'added', quantity: 1 })).toBe('retry');
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('{"code":"invalid_analytics_event"}', { status: 400 })));
    expect(await api.sendAnalytics('c1', { ...base, event_id: 'e3', kind: 'added', quantity: 1 })).toBe('drop');
    fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('offline')));
    expect(await api.sendAnalytics('c1', { ...base, event_id: 'e3', kind: 'added', quantity: 1 })).toBe('retry');
  });
});
