import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product } from '@/types/api';
import { useCartStore } from '../store/cartStore';
import { CartPage } from './CartPage';

const product = (fields: Partial<Product>): Product => ({
  id: 1,
  name: 'Tyr TKL',
  slug: 'tyr-tkl',
  sku: 'TYR',
  price: '139.99',
  regular_price: '139.99',
  sale_price: '',
  price_usd: '149.99',
  regular_price_usd: '149.99',
  sale_price_usd: '',
  stock_status: 'instock',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  ...fields,
});

function renderCart(currency: 'EUR' | 'USD' = 'EUR') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([{ country: 'DE', rate: '19.0000', name: 'MwSt.' }]))));
  const router = createMemoryRouter([{ path: '*', element: <CartPage currency={currency} countryCode="DE" /> }], { initialEntries: ['/cart'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('CartPage', () => {
  beforeEach(() => useCartStore.setState({ items: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the cart is empty', () => {
    renderCart();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByText('Go find something you like.')).toBeInTheDocument();
  });

  it('shows lines with unit price, quantity, line subtotal, subtotal and total in integer cents', async () => {
    useCartStore.getState().add(product({}));
    useCartStore.getState().add(product({}));
    useCartStore.getState().add(product({ id: 2, name: 'Mjolnir', slug: 'mjolnir', sku: 'MJ', price: '0.10', regular_price: '0.10' }));
    renderCart();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByTestId('line-subtotal')).toHaveTextContent('€279.98');
    expect(within(lines[0]).getByLabelText('Quantity for Tyr TKL')).toHaveValue('2');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€280.08');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€280.08');
    expect(await screen.findByText('Incl. MwSt. (19%)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tyr TKL' })).toHaveAttribute('href', '/keyboards/tyr-tkl');
  });

  it('offers quantities 0 to 10; choosing 0 reveals Remove and disables checkout when all are 0', async () => {
    useCartStore.getState().add(product({}));
    const router = renderCart();
    const select = screen.getByLabelText('Quantity for Tyr TKL');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    const checkout = screen.getByRole('button', { name: 'Continue to checkout' });
    expect(checkout).toBeEnabled();
    await userEvent.selectOptions(select, '0');
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('shows the pre-order notice and USD prices', () => {
    useCartStore.getState().add(product({ stock_status: 'onbackorder' }));
    renderCart('USD');
    expect(screen.getByRole('note')).toHaveTextContent(/pre-order/i);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$149.99');
  });
});
