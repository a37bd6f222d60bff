import { renderHook } from '@testing-library/react';
import { useCartStore, type ServerOutcome } from '@/features/cart';
import { fixture, type DeepPartial } from '@/test/apiFixtures';
import type { Product } from '@/types/api';
import { customizeAction, useConfiguratorCart } from './configuratorCart';

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

describe('the configurator add wired to the cart', () => {
  const original = useCartStore.getState();
  afterEach(() => useCartStore.setState({ submit: original.submit, remove: original.remove }));

  function wire(answer: ServerOutcome) {
    const submit = vi.fn(() => Promise.resolve(answer));
    const remove = vi.fn(() => ({ ok: true as const, pending: false }));
    useCartStore.setState({ submit, remove });
    const { result } = renderHook(() => useConfiguratorCart());
    return { add: result.current, submit, remove };
  }

  it('sends the add command with the keys and removes the replaced line after the add succeeded', async () => {
    const { add, submit, remove } = wire({ ok: true });
    await expect(add(26907, ['case:case-black'], 'L7')).resolves.toEqual({ ok: true });
    expect(submit).toHaveBeenCalledWith({ type: 'add', product_id: 26907, configuration: ['case:case-black'] });
    expect(remove).toHaveBeenCalledWith('L7');
  });

  it('keeps the line and answers the refusal when the cart refuses', async () => {
    const { add, remove } = wire({ ok: false, code: 'configuration_unavailable', message: 'Black Case is out of stock, please select something else.', status: 409 });
    await expect(add(26907, ['case:case-black'], 'L7')).resolves.toEqual({ ok: false, message: 'Black Case is out of stock, please select something else.' });
    expect(remove).not.toHaveBeenCalled();
  });
});
