import { fixture, type DeepPartial } from '@/test/apiFixtures';
import type { Product } from '@/types/api';
import { configurableEntries } from './customize';

const product = (fields: DeepPartial<Product>): Product =>
  fixture<Product>({ id: 1, name: 'P', slug: 'p', categories: [{ id: 3, slug: 'keyboards' }], ...fields });

describe('/customize lists the configurable products', () => {
  it('keeps configurable products and those with a configurator link, linking to the link or the product page', () => {
    const entries = configurableEntries([
      product({ id: 1, name: 'Plain', isConfigurable: false }),
      product({ id: 2, name: 'Odin', slug: 'odin', isConfigurable: true }),
      product({ id: 26907, name: 'Builder', slug: 'custom-keyboard-builder', isConfigurable: false, acf: { configuratorLink: '/custom-keyboard-builder' } }),
      product({ id: 4, name: 'Hidden', isConfigurable: true, acf: { hide_product: true } }),
    ]);
    expect(entries).toEqual([
      { id: 2, name: 'Odin', href: '/keyboards/odin' },
      { id: 26907, name: 'Builder', href: '/custom-keyboard-builder' },
    ]);
  });
});
