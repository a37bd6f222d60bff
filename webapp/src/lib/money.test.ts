import { formatCents, formatRate, formatWholeCents, priceOf, taxLabel, toCents } from './money';
import type { Priced } from '@/types/api';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const item = (fields: DeepPartial<Priced>): Priced => fixture<Priced>({
  price: '',
  regular_price: '',
  sale_price: '',
  stock_status: 'instock',
  ...fields,
});

describe('toCents', () => {
  it.each([
    ['129.99', 12999],
    ['5', 500],
    ['0.5', 50],
    ['1,5', null],
    ['', null],
    ['abc', null],
    ['-3.10', -310],
    ['0.105', 11],
    ['1234567.89', 123456789],
  ])('parses %j as %j', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it('never loses cents the way float arithmetic would', () => {
    expect((toCents('0.1') ?? 0) + (toCents('0.2') ?? 0)).toBe(30);
    expect(toCents('19.99')! * 3).toBe(5997);
  });
});

describe('formatCents', () => {
  it('uses 2 decimals, "." as decimal and "," as thousands separator', () => {
    expect(formatCents(123456789, 'EUR')).toBe('€1,234,567.89');
    expect(formatCents(12999, 'USD')).toBe('$129.99');
    expect(formatCents(5, 'EUR')).toBe('€0.05');
    expect(formatCents(100000, 'USD')).toBe('$1,000.00');
  });
});

describe('priceOf', () => {
  it('reads EUR fields for EUR and USD fields for USD', () => {
    const product = item({ price: '129.99', regular_price: '129.99', price_usd: '139.99', regular_price_usd: '139.99' });
    expect(priceOf(product, 'EUR')).toEqual({ price: 12999, regular: null, onSale: false });
    expect(priceOf(product, 'USD')).toEqual({ price: 13999, regular: null, onSale: false });
  });

  it('shows the regular price when on sale', () => {
    const product = item({
      price: '99.00', regular_price: '129.00', sale_price: '99.00', on_sale: true,
      price_usd: '109.00', regular_price_usd: '139.00', sale_price_usd: '109.00',
    });
    expect(priceOf(product, 'EUR')).toEqual({ price: 9900, regular: 12900, onSale: true });
    expect(priceOf(product, 'USD')).toEqual({ price: 10900, regular: 13900, onSale: true });
  });

  it('sets a USD price of 0 or less to 1', () => {
    expect(priceOf(item({ price: '10.00', price_usd: '0.00' }), 'USD').price).toBe(100);
    expect(priceOf(item({ price: '10.00', price_usd: '-5.00' }), 'USD').price).toBe(100);
    expect(formatCents(priceOf(item({ price_usd: '0' }), 'USD').price, 'USD')).toBe('$1.00');
  });

  it('leaves a EUR price of 0 alone', () => {
    expect(priceOf(item({ price: '0.00' }), 'EUR').price).toBe(0);
  });
});

describe('formatRate', () => {
  it('formats hundredths of a percent without trailing zeros', () => {
    expect(formatRate(1900)).toBe('19');
    expect(formatRate(810)).toBe('8.1');
    expect(formatRate(725)).toBe('7.25');
    expect(formatRate(0)).toBe('0');
  });
});

describe('taxLabel', () => {
  it('names the rate before the tax, in English, and shows no line for a zero rate', () => {
    expect(taxLabel('VAT', 1900)).toBe('incl. 19% VAT');
    expect(taxLabel('VAT', 810)).toBe('incl. 8.1% VAT');
    expect(taxLabel('', 1000)).toBe('incl. 10% tax');
    expect(taxLabel(null, 725)).toBe('incl. 7.25% tax');
    expect(taxLabel('Sales tax', 0)).toBeNull();
  });
});

describe('formatWholeCents', () => {
  it('drops .00 from whole amounts only', () => {
    expect(formatWholeCents(15000, 'USD')).toBe('$150');
    expect(formatWholeCents(123400, 'EUR')).toBe('€1,234');
    expect(formatWholeCents(9950, 'EUR')).toBe('€99.50');
  });
});
