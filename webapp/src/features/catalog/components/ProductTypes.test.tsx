import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { fixture, type DeepPartial } from '@/test/apiFixtures';
import type { Product, Variation } from '../types';
import { ProductView } from './ProductView';

const product = (id: number, name: string, fields: DeepPartial<Product> = {}): Product =>
  fixture<Product>({
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    type: 'simple',
    sku: `SKU-${id}`,
    price: '29.99',
    regular_price: '29.99',
    sale_price: '',
    stock_status: 'instock',
    categories: [{ id: 40, name: 'Accessories', slug: 'accessories' }],
    images: [{ src: `/media/${id}.svg`, alt: name, width: 800, height: 800 }],
    ...fields,
  });

const PAD = product(41, 'Fenrir Pad', { price: '29.99', regular_price: '29.99' });
const CABLE = product(42, 'Bifrost Cable', { price: '19.99', regular_price: '19.99', stock_status: 'onbackorder' });
const SOLD_OUT = product(43, 'Mjolnir Sleeve', { stock_status: 'outofstock' });
const SET = product(40, 'Starter Set', { type: 'grouped', price: '0.00', regular_price: '0.00', grouped_products: [41, 42, 43] });
const CHAIR = product(50, 'Partner Gaming Chair', {
  type: 'external',
  price: '249.99',
  regular_price: '249.99',
  external_url: 'https://partner.example/chair',
  button_text: 'Buy at our partner',
});

function renderView(item: Product, grouped: Product[] = [], onAddToCart = vi.fn<(p: Product, v: Variation | null) => string | void>()) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <ProductView product={item} variations={[]} swatches={[]} currency="EUR" grouped={grouped} onAddToCart={onAddToCart} onCustomize={vi.fn()} />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return onAddToCart;
}

beforeEach(() => {
  // The page's own stock check stays pending: neither a grouped nor an external product has a
  // buy button that waits for it (the children's buttons use their listed stock).
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
});
afterEach(() => vi.unstubAllGlobals());

describe('a grouped product page (docs/spec.md section 10.1)', () => {
  it('lists each child with its name, price, stock state and own add-to-cart button, and no price or buy button of its own', async () => {
    renderView(SET, [PAD, CABLE, SOLD_OUT]);
    const rows = await screen.findAllByTestId('grouped-child');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('link', { name: 'Fenrir Pad' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('€29.99')).toBeInTheDocument();
    expect(within(rows[0]).getByText('In stock')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(within(rows[1]).getByText('Pre-order')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Add to cart (pre-order)' })).toBeEnabled();
    expect(within(rows[2]).getByText('Out of stock', { selector: 'span' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByTestId('product-price')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });

  it('adds the child whose button was pressed, never the grouped product', async () => {
    const onAdd = renderView(SET, [PAD, CABLE]);
    const rows = await screen.findAllByTestId('grouped-child');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Add to cart (pre-order)' }));
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Add to cart' }));
    expect(onAdd.mock.calls.map(([p, v]) => [p.id, v])).toEqual([
      [42, null],
      [41, null],
    ]);
  });

  it('shows the cart refusal next to the child it concerns', async () => {
    const onAdd = vi.fn<(p: Product, v: Variation | null) => string | void>(() => 'Sorry, there is no more Fenrir Pad in stock.');
    renderView(SET, [PAD, CABLE], onAdd);
    const rows = await screen.findAllByTestId('grouped-child');
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Add to cart' }));
    expect(within(rows[0]).getByRole('status')).toHaveTextContent('Sorry, there is no more Fenrir Pad in stock.');
    expect(within(rows[1]).getByRole('status')).toHaveTextContent('');
  });
});

describe('an external product page (docs/spec.md section 10.2)', () => {
  it('links out with its button text in a new tab with noopener noreferrer and has no add-to-cart button', () => {
    const onAdd = renderView(CHAIR);
    const link = screen.getByRole('link', { name: 'Buy at our partner' });
    expect(link).toHaveAttribute('href', 'https://partner.example/chair');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: /add to cart/i })).not.toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("says WooCommerce's 'Buy product' when it has no button text", () => {
    renderView({ ...CHAIR, button_text: '' });
    expect(screen.getByRole('link', { name: 'Buy product' })).toHaveAttribute('href', 'https://partner.example/chair');
  });

  it('never links to a URL that is not http or https', () => {
    renderView({ ...CHAIR, external_url: 'javascript:alert(1)' });
    expect(screen.queryByRole('link', { name: 'Buy at our partner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy at our partner' })).toBeDisabled();
  });
});
