import type { Product } from '../types';
import { groupProducts } from './groupProducts';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const tag = (id: number, name: string) => ({ id, name, slug: name.toLowerCase() });
const product = (id: number, tags: number[], fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id,
  name: `P${id}`,
  slug: `p${id}`,
  price: '1.00',
  regular_price: '1.00',
  sale_price: '',
  stock_status: 'instock',
  tags: tags.map((t) => tag(t, `T${t}`)),
  ...fields,
});

describe('groupProducts', () => {
  const groups = [
    { tag: tag(1, 'Wireless'), description: 'Cable-free' },
    { tag: tag(2, 'Compact'), description: '' },
    { tag: tag(3, 'Empty'), description: '' },
  ];

  it('puts each product in the first group whose tag it has, in group order, with Others last', () => {
    const result = groupProducts([product(10, [2, 1]), product(11, [2]), product(12, []), product(13, [9])], groups);
    expect(result.map((g) => [g.title, g.products.map((p) => p.id)])).toEqual([
      ['Wireless', [10]],
      ['Compact', [11]],
      ['Others', [12, 13]],
    ]);
    expect(result[0].description).toBe('Cable-free');
  });

  it('hides products flagged hide_product', () => {
    const result = groupProducts([product(10, [1], { acf: { hide_product: true } }), product(11, [1])], groups);
    expect(result.map((g) => g.products.map((p) => p.id))).toEqual([[11]]);
  });

  it('shows an untitled list when the category has no groups', () => {
    expect(groupProducts([product(1, [])], [])).toEqual([
      { key: 'others', title: null, description: null, tag: null, products: [expect.objectContaining({ id: 1 })] },
    ]);
  });
});
