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

  it('gives products of subcategories their own groups after the category’s own products', () => {
    const keyboards = { id: 15, name: 'Keyboards', slug: 'keyboards' };
    const switches = { id: 301, name: 'Keyboard switches', slug: 'keyboard-switches' };
    const accessories = { id: 303, name: 'Keyboard accessories', slug: 'keyboard-accessories' };
    const result = groupProducts(
      [
        product(1, [1], { categories: [accessories] }), // tagged like a board, still an accessory
        product(2, [], { categories: [keyboards] }),
        product(3, [], { categories: [switches] }),
        product(4, [1], { categories: [keyboards] }),
        product(5, [], { categories: [accessories] }),
        product(6, [], { categories: [keyboards, accessories] }), // the category's own as well
      ],
      groups,
      keyboards,
    );
    expect(result.map((g) => [g.title, g.products.map((p) => p.id)])).toEqual([
      ['Wireless', [4]],
      ['Others', [2, 6]],
      ['Keyboard accessories', [1, 5]],
      ['Keyboard switches', [3]],
    ]);
  });

  it('names the own products after the category when only subcategory groups follow', () => {
    const mice = { id: 16, name: 'Mice', slug: 'mice' };
    const feet = { id: 308, name: 'Mouse spare parts', slug: 'mouse-spare-parts' };
    const result = groupProducts([product(1, [], { categories: [mice] }), product(2, [], { categories: [feet] })], [], mice);
    expect(result.map((g) => g.title)).toEqual(['Mice', 'Mouse spare parts']);
  });
});
