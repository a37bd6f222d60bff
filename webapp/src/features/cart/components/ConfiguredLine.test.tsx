import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { ChosenOption, LineView } from '../types';
import { cartView, emptyCart } from '../store/rules';
import { useCartStore } from '../store/cartStore';
import { CartPage, type CartPageProps } from './CartPage';
import { configurationKeysOf, stackedImages } from './ConfiguredLine';

const choice = (fields: Partial<ChosenOption> & Pick<ChosenOption, 'layer_id' | 'choice_id' | 'name' | 'layer_name'>): ChosenOption => ({
  extra_eur: 0,
  extra_usd: 0,
  has_backorder: false,
  ...fields,
});

const BUILD: ChosenOption[] = [
  choice({ layer_id: 'switches', choice_id: 'sw-red', name: 'Linear Red', layer_name: 'Switches', extra_eur: 2500, extra_usd: 2700, image: '/media/configurator/sw-red-top.svg', z: 30, sku_part: 'SW-RED' }),
  choice({ layer_id: 'case', choice_id: 'case-black', name: 'Black', layer_name: 'Case', image: '/media/configurator/case-black-top.svg', z: 10, sku_part: 'CASE-BLK' }),
  choice({ layer_id: 'keycaps', choice_id: 'caps-sa', name: 'SA Retro', layer_name: 'Keycaps', extra_eur: 1000, extra_usd: 1200, image: '/media/configurator/caps-sa-top.svg', z: 40, sku_part: 'CAPS-SA' }),
];

function line(fields: Partial<LineView>): LineView {
  const price = { regular: 14999, sale: null };
  return {
    line_id: 'line-1', product_id: 26907, variation_id: null, name: 'Custom Keyboard Builder', sku: 'HV-CKB-BUILDER', image: '/media/builder.svg',
    count: 1, cap: 10, discount_percent: 0, eur: price, usd: { regular: 15999, sale: null }, extras: 3500, unit_price: 14999, regular_price: 14999,
    line_total: 18499, on_sale: false, variation_label: '', preorder: false, recommended_by: null, recommended_eur: null, recommended_usd: null, use_discount: false,
    stock: { backorders: 'no', manage_stock: false, stock_quantity: null, stock_status: 'instock' },
    configuration: BUILD, configuration_meta: { version: 3, hash: '0123456789abcdef0123', skus: ['HV-CKB-BUILDER', 'SW-RED', 'CASE-BLK', 'CAPS-SA'] },
    ...fields,
  };
}

function renderCart(lines: LineView[], currency: 'EUR' | 'USD' = 'EUR', props: CartPageProps = {}) {
  const empty = cartView(emptyCart());
  useCartStore.setState({ server: null, cart: { ...empty, currency, lines }, outbox: [], analytics: [], facts: {}, notice: null, flushing: false });
  const router = createMemoryRouter([{ path: '*', element: <CartPage {...props} /> }], { initialEntries: ['/cart'] });
  render(<RouterProvider router={router} />);
}

describe('configured cart lines', () => {
  it('shows each choice as "Layer: Choice" with its extra in the cart currency, and never the compound SKUs', async () => {
    renderCart([line({})]);
    const choices = within(await screen.findByRole('list', { name: 'Your choices' })).getAllByRole('listitem');
    expect(choices.map((c) => c.textContent)).toEqual(['Switches: Linear Red+€25.00', 'Case: Black', 'Keycaps: SA Retro+€10.00']);
    const row = screen.getByTestId('cart-line');
    for (const sku of ['SW-RED', 'CASE-BLK', 'CAPS-SA', 'HV-CKB-BUILDER']) expect(row).not.toHaveTextContent(sku);
  });

  it('shows the extras in dollars in a USD cart', async () => {
    renderCart([line({})], 'USD');
    expect(await screen.findByText('+$27.00')).toBeInTheDocument();
    expect(screen.getByText('+$12.00')).toBeInTheDocument();
  });

  it('composes the thumbnail from the layer images stacked by z, named after the build', async () => {
    renderCart([line({})]);
    const thumb = await screen.findByRole('img', { name: 'Custom Keyboard Builder: Linear Red, Black, SA Retro' });
    const srcs = Array.from(thumb.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(srcs).toEqual(['/media/configurator/case-black-top.svg', '/media/configurator/sw-red-top.svg', '/media/configurator/caps-sa-top.svg']);
    for (const img of thumb.querySelectorAll('img')) expect(img).toHaveAttribute('alt', '');
  });

  it('renders an old line without images, z or meta: product image as thumbnail, choices still listed', async () => {
    const old = BUILD.map(({ layer_id, choice_id, name, layer_name, extra_eur, extra_usd, has_backorder }) => ({ layer_id, choice_id, name, layer_name, extra_eur, extra_usd, has_backorder }));
    renderCart([line({ configuration: old, configuration_meta: undefined })]);
    expect(await screen.findByRole('list', { name: 'Your choices' })).toBeInTheDocument();
    expect(screen.queryByTestId('configured-thumb')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Custom Keyboard Builder: Linear Red, Black, SA Retro' })).toHaveAttribute('src', '/media/builder.svg');
    expect(screen.getAllByRole('listitem').map((c) => c.textContent)).toContain('Case: Black');
  });

  it('Edit reopens the configurator with the line build and replaces that line', async () => {
    const onEditConfiguration = vi.fn();
    renderCart([line({})], 'EUR', { onEditConfiguration });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Custom Keyboard Builder' }));
    expect(onEditConfiguration).toHaveBeenCalledWith({ productId: 26907, keys: ['switches:sw-red', 'case:case-black', 'keycaps:caps-sa'], replaceLineId: 'line-1' });
  });

  it('has no Edit button when the page is given no editor', async () => {
    renderCart([line({})]);
    await screen.findByRole('list', { name: 'Your choices' });
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('plain lines keep the product image and have no choices list', () => {
    renderCart([line({ configuration: null, configuration_meta: undefined, name: 'Tyr TKL', line_id: 'line-2' })], 'EUR', { onEditConfiguration: vi.fn() });
    expect(screen.queryByRole('list', { name: 'Your choices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-line').querySelector('img')).toHaveAttribute('src', '/media/builder.svg');
  });

  it('orders layers by z and keeps the line order on ties; drops options without an image', () => {
    const a = choice({ layer_id: 'a', choice_id: '1', name: 'A', layer_name: 'A', image: '/a.svg', z: 5 });
    const b = choice({ layer_id: 'b', choice_id: '1', name: 'B', layer_name: 'B', image: '/b.svg', z: 5 });
    const c = choice({ layer_id: 'c', choice_id: '1', name: 'C', layer_name: 'C', image: null, z: 1 });
    const d = choice({ layer_id: 'd', choice_id: '1', name: 'D', layer_name: 'D', image: '/d.svg' });
    expect(stackedImages([a, b, c, d]).map((l) => l.src)).toEqual(['/d.svg', '/a.svg', '/b.svg']);
    expect(configurationKeysOf({ configuration: [a, c] })).toEqual(['a:1', 'c:1']);
    expect(configurationKeysOf({ configuration: null })).toEqual([]);
  });
});
