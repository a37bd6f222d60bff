import type { Product } from '../types';
import { recommendationDiscount, recommendationsInStock, recommendedPrice } from './recommended';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (id: number, fields: DeepPartial<Product> & Record<string, unknown> = {}): Product => fixture<Product>({
  id,
  name: `P${id}`,
  slug: `p${id}`,
  price: '40.00',
  regular_price: '40.00',
  sale_price: '',
  price_usd: '44.00',
  regular_price_usd: '44.00',
  stock_status: 'instock',
  ...fields,
});

const recommender = (acf: Record<string, unknown>) => product(1, { acf });

describe('recommendations in stock (docs/spec.md section 4)', () => {
  it('keeps in-stock products only, without the recommender, hidden, coming-soon or just-added ones', () => {
    const list = [
      product(2),
      product(3, { stock_status: 'outofstock' }),
      product(4, { stock_status: 'onbackorder' }),
      product(5, { acf: { hide_product: true } }),
      product(6, { acf: { availability: 'coming_soon' } }),
      product(1),
      product(7),
    ];
    expect(recommendationsInStock(list, { id: 1 }).map((p) => p.id)).toEqual([2, 7]);
    expect(recommendationsInStock(list, { id: 1 }, new Set([7])).map((p) => p.id)).toEqual([2]);
  });
});

describe('recommended price (docs/spec.md section 9: price x (100 - discount) / 100)', () => {
  const on = { activate_recommended_products_discount: true, recommended_products_discount: 15 };

  it('discounts the own price, half up, with the usual price struck through', () => {
    expect(recommendedPrice(product(2, { price: '24.99', regular_price: '24.99' }), recommender(on), 'EUR')).toEqual({ price: 2124, regular: 2499, onSale: true });
    expect(recommendedPrice(product(2), recommender(on), 'USD')).toEqual({ price: 3740, regular: 4400, onSale: true });
  });

  it('starts from the recommended price when the product uses one', () => {
    const item = product(2, { use_recommended_products_price: true, recommended_products_price: '29.99', recommended_products_price_usd: '33.00' });
    expect(recommendedPrice(item, recommender(on), 'EUR')).toEqual({ price: 2549, regular: 4000, onSale: true });
    expect(recommendedPrice(item, recommender(on), 'USD').price).toBe(2805);
  });

  it('is the own price when the discount is off or zero', () => {
    const own = { price: 4000, regular: null, onSale: false };
    expect(recommendedPrice(product(2), recommender({ recommended_products_discount: 15 }), 'EUR')).toEqual(own);
    expect(recommendedPrice(product(2), recommender({ ...on, recommended_products_discount: 0 }), 'EUR')).toEqual(own);
    expect(recommendationDiscount(recommender({ ...on, recommended_products_discount: '150' }))).toBe(100);
  });
});
