import type { Product, Variation } from '@/types/api';
import { cartSubtotal, createCartStore, lineIsPreOrder, selectItemCount } from './cartStore';

const product = (fields: Partial<Product> = {}): Product => ({
  id: 101,
  name: 'K1 Keyboard',
  slug: 'k1',
  sku: 'K1',
  price: '129.99',
  regular_price: '129.99',
  sale_price: '',
  price_usd: '139.99',
  regular_price_usd: '139.99',
  sale_price_usd: '',
  stock_status: 'instock',
  manage_stock: false,
  stock_quantity: null,
  backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  ...fields,
});

function setup() {
  localStorage.clear();
  return createCartStore();
}

describe('cart store', () => {
  it('adds a product as a new line with count 1', () => {
    const store = setup();
    store.getState().add(product());
    expect(store.getState().items).toHaveLength(1);
    expect(store.getState().items[0]).toMatchObject({ id: 101, variationId: null, count: 1, configuration: null });
  });

  it('raises the count by one when the same non-configured product is added again', () => {
    const store = setup();
    store.getState().add(product());
    store.getState().add(product());
    expect(store.getState().items).toHaveLength(1);
    expect(store.getState().items[0].count).toBe(2);
    expect(selectItemCount(store.getState())).toBe(2);
  });

  it('keeps different variations apart', () => {
    const store = setup();
    const variation = (id: number) => ({ id, sku: `K1-${id}`, price: '10.00', regular_price: '10.00', sale_price: '', stock_status: 'instock' }) as Variation;
    store.getState().add(product(), { variation: variation(1) });
    store.getState().add(product(), { variation: variation(2) });
    store.getState().add(product(), { variation: variation(1) });
    expect(store.getState().items.map((l) => [l.variationId, l.count])).toEqual([[1, 2], [2, 1]]);
  });

  it('always adds configured products as new lines', () => {
    const store = setup();
    const configuration = [{ layer_id: 1, choice_id: 2, name: 'Red caps', extra_price: '5.00' }];
    store.getState().add(product(), { configuration });
    store.getState().add(product(), { configuration });
    expect(store.getState().items).toHaveLength(2);
    expect(store.getState().items[0].key).not.toBe(store.getState().items[1].key);
  });

  it('caps the count at the stock quantity when stock is managed and backorders are not allowed', () => {
    const store = setup();
    const limited = product({ manage_stock: true, stock_quantity: 2, backorders: 'no' });
    for (let i = 0; i < 5; i++) store.getState().add(limited);
    expect(store.getState().items[0].count).toBe(2);
    store.getState().setCount(store.getState().items[0].key, 9);
    expect(store.getState().items[0].count).toBe(2);
  });

  it('does not add an out-of-stock managed product', () => {
    const store = setup();
    store.getState().add(product({ manage_stock: true, stock_quantity: 0, backorders: 'no', stock_status: 'outofstock' }));
    expect(store.getState().items).toHaveLength(0);
  });

  it('does not cap by stock when backorders are allowed (only by the 10 limit)', () => {
    const store = setup();
    const backorderable = product({ manage_stock: true, stock_quantity: 1, backorders: 'yes' });
    for (let i = 0; i < 4; i++) store.getState().add(backorderable);
    expect(store.getState().items[0].count).toBe(4);
    for (let i = 0; i < 20; i++) store.getState().add(backorderable);
    expect(store.getState().items[0].count).toBe(10);
  });

  it('keeps counts between 0 and 10', () => {
    const store = setup();
    store.getState().add(product());
    const { key } = store.getState().items[0];
    store.getState().setCount(key, 11);
    expect(store.getState().items[0].count).toBe(10);
    store.getState().setCount(key, -3);
    expect(store.getState().items[0].count).toBe(0);
    expect(store.getState().items).toHaveLength(1); // a 0 line stays until removed
    store.getState().remove(key);
    expect(store.getState().items).toHaveLength(0);
  });

  it('ignores products that are coming soon', () => {
    const store = setup();
    store.getState().add(product({ acf: { availability: 'coming_soon' } }));
    expect(store.getState().items).toHaveLength(0);
  });

  it('caps product 31575 at the count of product 26907 in the cart', () => {
    const store = setup();
    store.getState().add(product({ id: 31575, sku: 'EXTRA' }));
    expect(store.getState().items).toHaveLength(0);
    store.getState().add(product({ id: 26907, sku: 'BUILDER' }));
    store.getState().add(product({ id: 31575, sku: 'EXTRA' }));
    store.getState().add(product({ id: 31575, sku: 'EXTRA' }));
    expect(store.getState().items.find((l) => l.id === 31575)?.count).toBe(1);
  });

  it('drops lines whose product has no sku', () => {
    const store = setup();
    store.getState().add(product({ sku: '' }));
    expect(store.getState().items).toHaveLength(0);
  });

  it('clears', () => {
    const store = setup();
    store.getState().add(product());
    store.getState().clear();
    expect(store.getState().items).toEqual([]);
  });

  it('persists [{id, variationId, count, configuration}] under "cart" with a version', () => {
    const store = setup();
    store.getState().add(product());
    store.getState().add(product());
    store.getState().add(product({ id: 7, sku: 'M1' }), { configuration: [{ name: 'Red', extra_price: '5.00' }] });
    const saved = JSON.parse(localStorage.getItem('cart') ?? 'null');
    expect(saved).toEqual({
      version: 1,
      state: {
        items: [
          { id: 101, variationId: null, count: 2, configuration: null },
          { id: 7, variationId: null, count: 1, configuration: [{ name: 'Red', extra_price: '5.00' }] },
        ],
      },
    });
  });

  it('restores saved lines (without catalogue data) on start', () => {
    localStorage.setItem('cart', JSON.stringify({ version: 1, state: { items: [{ id: 5, variationId: 9, count: 3, configuration: null }] } }));
    const store = createCartStore();
    expect(store.getState().items).toMatchObject([{ id: 5, variationId: 9, count: 3, configuration: null }]);
    expect(store.getState().items[0].product).toBeUndefined();
  });

  it('migrates a bare array saved by the old shop (version 0)', () => {
    localStorage.setItem('cart', JSON.stringify({ version: 0, state: [{ id: 5, variationId: null, count: 2, configuration: null }] }));
    const store = createCartStore();
    expect(store.getState().items).toMatchObject([{ id: 5, count: 2 }]);
  });

  it('sets the country and currency', () => {
    const store = setup();
    store.getState().setCountry({ code: 'US', name: 'United States', currency: 'USD' });
    expect(store.getState().country).toEqual({ code: 'US', name: 'United States', currency: 'USD' });
  });

  it('sums subtotals in integer cents, configuration extras included', () => {
    const store = setup();
    store.getState().add(product({ price: '0.10', regular_price: '0.10' }));
    store.getState().setCount(store.getState().items[0].key, 3);
    store.getState().add(product({ id: 2, sku: 'X', price: '19.99', regular_price: '19.99', price_usd: '0' }), {
      configuration: [{ name: 'Engraving', extra_price: '5.01' }, { name: 'Bad', extra_price: 'abc' }],
    });
    expect(cartSubtotal(store.getState().items, 'EUR')).toBe(30 + 2500);
    expect(cartSubtotal(store.getState().items, 'USD')).toBe(3 * 13999 + 100 + 501);
  });

  it('marks pre-order lines', () => {
    const store = setup();
    store.getState().add(product({ stock_status: 'onbackorder' }));
    expect(lineIsPreOrder(store.getState().items[0])).toBe(true);
  });
});
