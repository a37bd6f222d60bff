import { fixture, type DeepPartial } from '@/test/apiFixtures';
import type { Product } from '@/types/api';
import { customizeAction } from './configuratorCart';

const product = (fields: DeepPartial<Product> = {}): Product =>
  fixture<Product>({ id: 7, name: 'Odin', slug: 'odin', categories: [{ id: 3, slug: 'keyboards' }], isConfigurable: true, ...fields });

describe("'Customize' on the product page (docs/spec.md section 2.6)", () => {
  it('opens the modal for a configurable product without a configurator link', () => {
    expect(customizeAction(product(), '/keyboards/odin')).toEqual({ kind: 'open' });
  });

  it('goes to a configurator link pointing to another page of the shop', () => {
    expect(customizeAction(product({ acf: { configuratorLink: '/custom-keyboard-builder' } }), '/keyboards/odin')).toEqual({ kind: 'navigate', to: '/custom-keyboard-builder' });
  });

  it('opens the modal when the link points to this product page', () => {
    expect(customizeAction(product({ acf: { configuratorLink: '/keyboards/odin?x=1' } }), '/keyboards/odin')).toEqual({ kind: 'open' });
  });

  it('loads a configurator link of another site', () => {
    expect(customizeAction(product({ acf: { configuratorLink: 'https://example.org/build' } }), '/keyboards/odin')).toEqual({ kind: 'assign', href: 'https://example.org/build' });
  });
});
