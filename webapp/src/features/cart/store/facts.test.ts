import type { Product, Variation } from '@/types/api';
import { choiceFacts, configurationKeys, countryFacts, factsKey, lenientMinor, parseMinor, productFacts, rateBp } from './facts';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id: 26907, name: 'Custom Keyboard', slug: 'builder', type: 'simple', sku: 'HV-CKB',
  price: '199.00', regular_price: '219.00', sale_price: '199.00', price_usd: '229.00', regular_price_usd: '229.00', sale_price_usd: '',
  stock_status: 'instock', manage_stock: false, stock_quantity: null, backorders: 'no', variations: [],
  images: [{ src: '/media/a.svg' }, { src: '/media/b.svg' }],
  acf: { availability: null, recommended_products: [5, 6], recommended_products_discount: 15, activate_recommended_products_discount: true },
  ...fields,
});

describe('facts: money parsing', () => {
  it('parses decimal strings to cents, half up, without floats', () => {
    expect(parseMinor('129.99')).toBe(12999);
    expect(parseMinor('5')).toBe(500);
    expect(parseMinor('0.5')).toBe(50);
    expect(parseMinor('.5')).toBe(50);
    expect(parseMinor('1.005')).toBe(101);
    expect(parseMinor('1.004')).toBe(100);
    expect(parseMinor('-1.005')).toBe(-101);
    expect(parseMinor(' 19.90 ')).toBe(1990);
    expect(parseMinor('0.1')).toBe(10);
    expect(parseMinor(12.5)).toBe(1250);
    expect(parseMinor('')).toBeNull();
    expect(parseMinor('free')).toBeNull();
    expect(parseMinor(null)).toBeNull();
    expect(parseMinor(Number.NaN)).toBeNull();
  });

  it('lenientMinor: non-numeric is 0, never negative (configurator extras)', () => {
    expect(lenientMinor('19.90')).toBe(1990);
    expect(lenientMinor('free')).toBe(0);
    expect(lenientMinor('')).toBe(0);
    expect(lenientMinor(null)).toBe(0);
    expect(lenientMinor('-3')).toBe(0);
  });

  it('rateBp reads WooCommerce rates as hundredths of a percent', () => {
    expect(rateBp('19.0000')).toBe(1900);
    expect(rateBp('8.1000')).toBe(810);
    expect(rateBp('')).toBe(0);
  });
});

describe('facts: product JSON to facts', () => {
  it('a simple product: prices in cents per currency, stock, recommendations', () => {
    expect(productFacts(product())).toEqual({
      product_id: 26907, variation_id: null, sku: 'HV-CKB', name: 'Custom Keyboard', image: '/media/a.svg', published: true,
      product_type: 'simple', availability: null,
      eur: { regular: 21900, sale: 19900 }, usd: { regular: 22900, sale: null },
      stock_status: 'instock', stock_quantity: null, manage_stock: false, backorders: 'no',
      variation_ids: [], variation_label: '', recommended_product_ids: [5, 6], recommended_discount: 15,
      recommended_discount_active: true, recommended_price_eur: null, recommended_price_usd: null, choices: {},
    });
  });

  it('a variation: its prices, stock, sku (or the parent sku), image and label', () => {
    const variation = {
      id: 31, sku: '', price: '10.00', regular_price: '10.00', sale_price: '', price_usd: '11.00', regular_price_usd: '11.00', sale_price_usd: '',
      stock_status: 'onbackorder', manage_stock: true, stock_quantity: 0, backorders: 'yes',
      attributes: [{ name: 'Colour', option: 'Black' }, { name: 'Size', option: 'L' }], image: { src: '/media/v.svg' },
    } as Variation;
    expect(productFacts(product({ type: 'variable', variations: [31] }), variation)).toMatchObject({
      variation_id: 31, sku: 'HV-CKB', image: '/media/v.svg', product_type: 'variable', variation_ids: [31], variation_label: 'Black, L',
      eur: { regular: 1000, sale: null }, stock_status: 'onbackorder', stock_quantity: 0, manage_stock: true, backorders: 'yes',
    });
  });

  it('recommended products price when use_recommended_products_price; availability from acf', () => {
    const p = { ...product({ acf: { availability: 'coming_soon' } }), use_recommended_products_price: true, recommended_products_price: '49.90', recommended_products_price_usd: '' } as Product;
    expect(productFacts(p)).toMatchObject({ availability: 'coming_soon', recommended_price_eur: 4990, recommended_price_usd: null, recommended_product_ids: [] });
  });

  it('configurator choices keyed layer:choice; layers skipped; USD extra falls back to the EUR text', () => {
    const choices = choiceFacts([
      { is_choice: false, layer_id: 'case', choice_id: null, name: 'Case' },
      { is_choice: true, layer_id: 'case', choice_id: 'red', name: 'Red', layer_name: 'Case', extra_price: '19.90', extra_price_usd: '', stock_status: 'instock', has_backorder: true },
      { is_choice: true, layer_id: 'plate', choice_id: 'pc', name: 'PC', layer_name: 'Plate', extra_price: 'free', extra_price_usd: 'free', stock_status: 'outofstock' },
    ]);
    expect(choices).toEqual({
      'case:red': { layer_id: 'case', choice_id: 'red', name: 'Red', layer_name: 'Case', extra_eur: 1990, extra_usd: 1990, stock_status: 'instock', has_backorder: true },
      'plate:pc': { layer_id: 'plate', choice_id: 'pc', name: 'PC', layer_name: 'Plate', extra_eur: 0, extra_usd: 0, stock_status: 'outofstock', has_backorder: false },
    });
    expect(choiceFacts(null)).toEqual({});
  });

  it('configurationKeys from entries or keys; empty is null', () => {
    expect(configurationKeys([{ layer_id: 'case', choice_id: 'red' }, 'plate:pc', { name: 'no ids' }])).toEqual(['case:red', 'plate:pc']);
    expect(configurationKeys([])).toBeNull();
    expect(configurationKeys(null)).toBeNull();
  });

  it('countryFacts takes the first tax rate by priority then id', () => {
    const taxes = [
      { id: 3, country: 'DE', rate: '7.0000', name: 'reduced', priority: 2 },
      { id: 2, country: 'DE', rate: '19.0000', name: 'MwSt.', priority: 1 },
      { id: 1, country: 'AT', rate: '20.0000', name: 'USt.', priority: 1 },
    ];
    expect(countryFacts({ code: 'DE', name: 'Germany', currency: 'EUR' }, taxes)).toEqual({ code: 'DE', name: 'Germany', currency: 'EUR', tax_name: 'MwSt.', tax_rate_bp: 1900 });
    expect(countryFacts({ code: 'US', name: 'United States', currency: 'USD' }, taxes)).toEqual({ code: 'US', name: 'United States', currency: 'USD', tax_name: '', tax_rate_bp: 0 });
    expect(factsKey(1, null)).toBe('1:');
    expect(factsKey(1, 7)).toBe('1:7');
  });
});
