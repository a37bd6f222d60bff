import type { Product, Variation } from '@/types/api';
import { displayPrice, isPreOrder, productPath, stockCap } from './products';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id: 1,
  name: 'K1',
  slug: 'k1',
  price: '100.00',
  regular_price: '100.00',
  sale_price: '',
  stock_status: 'instock',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  ...fields,
});

describe('productPath', () => {
  it('builds /{category}/{product}', () => {
    expect(productPath(product())).toBe('/keyboards/k1');
  });
  it('uses the first category, whatever its slug: every category has a route', () => {
    expect(productPath(product({ categories: [{ id: 9, name: 'Hoodies', slug: 'hoodies' }, { id: 16, name: 'Mice', slug: 'mice' }] }))).toBe('/hoodies/k1');
  });
  it('links hidden products to /', () => {
    expect(productPath(product({ acf: { hide_product: true } }))).toBe('/');
  });
  it('builds draft and pending URLs from category and slug (the parent category is optional)', () => {
    const part = [{ id: 303, name: 'Keyboard accessories', slug: 'keyboard-accessories' }];
    expect(productPath(product({ status: 'draft', categories: part }))).toBe('/keyboard-accessories/k1');
    expect(productPath(product({ status: 'pending', categories: part }))).toBe('/keyboard-accessories/k1');
    expect(productPath(product({ status: 'publish', categories: part }))).toBe('/keyboard-accessories/k1');
  });
});

describe('stock rules', () => {
  it('caps at stock quantity when stock is managed without backorders', () => {
    expect(stockCap(product({ manage_stock: true, stock_quantity: 3, backorders: 'no' }))).toBe(3);
    expect(stockCap(product({ manage_stock: true, stock_quantity: 3, backorders: 'notify' }))).toBe(3);
    expect(stockCap(product({ manage_stock: true, stock_quantity: 30, backorders: 'no' }))).toBe(10);
  });
  it('does not cap by stock when backorders are allowed or stock is not managed', () => {
    expect(stockCap(product({ manage_stock: true, stock_quantity: 0, backorders: 'yes' }))).toBe(10);
    expect(stockCap(product({ manage_stock: false, stock_quantity: null }))).toBe(10);
  });
  it('uses a variation’s own stock when it manages it', () => {
    const variation = fixture<Variation>({ ...product(), manage_stock: true, stock_quantity: 2, backorders: 'no' });
    expect(stockCap(product({ manage_stock: false }), variation)).toBe(2);
  });
  it('detects pre-orders', () => {
    expect(isPreOrder(product({ stock_status: 'onbackorder' }))).toBe(true);
    expect(isPreOrder(product({ stock_quantity: 0, backorders: 'yes' }))).toBe(true);
    expect(isPreOrder(product({ stock_quantity: 0, backorders: 'no', stock_status: 'outofstock' }))).toBe(false);
    expect(isPreOrder(product())).toBe(false);
  });
});

describe('displayPrice', () => {
  it('uses the lowest variation price before a choice and the chosen one after', () => {
    const v = (id: number, price: string) => ({ id, price, regular_price: price, sale_price: '', stock_status: 'instock' }) as Variation;
    const variations = [v(1, '120.00'), v(2, '99.50'), v(3, '130.00')];
    expect(displayPrice(product(), 'EUR', variations).price).toBe(9950);
    expect(displayPrice(product(), 'EUR', variations, variations[2]).price).toBe(13000);
  });
});
