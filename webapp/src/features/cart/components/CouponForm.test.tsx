import { configure, act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product } from '@/types/api';
import { useCartStore } from '../store/cartStore';
import { productFacts } from '../store/facts';
import { cartView, emptyCart } from '../store/rules';
import { settle } from '../store/testing';
import { CouponCartServer } from '../store/testingCoupons';
import { CartPage } from './CartPage';
import { fixture, productAcf } from '@/test/apiFixtures';

// A loaded machine (2 cores, several suites at once) can take over a second to settle a render.
configure({ asyncUtilTimeout: 4000 });

const tyr: Product = fixture<Product>({
  id: 1, name: 'Tyr TKL', slug: 'tyr-tkl', type: 'simple', sku: 'TYR',
  price: '139.99', regular_price: '139.99', sale_price: '', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '',
  stock_status: 'instock', manage_stock: false, stock_quantity: null, backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }], acf: productAcf(),
});
let server: CouponCartServer;

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('coupons on the cart page', () => {
  beforeEach(async () => {
    server = new CouponCartServer({ products: [productFacts(tyr)], coupons: { welcome10: 10 } });
    useCartStore.runtime.deps.api = server;
    useCartStore.setState({ token: 'tok_coupon_test_AAAAAAAAAAAAAAAAAAAAAAAAA', server: null, cart: cartView(emptyCart()), outbox: [], analytics: [], facts: {}, notice: null, flushing: false });
    useCartStore.getState().add(tyr);
    await act(() => settle(60));
  });

  it('applies a coupon: shows it with its amount, the discount line and the new total and tax', async () => {
    renderCart();
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('Coupon code applied successfully.')).toBeInTheDocument();
    const applied = screen.getByTestId('applied-coupon');
    expect(applied).toHaveTextContent('Coupon: welcome10');
    expect(applied).toHaveTextContent('−€14.00');
    expect(screen.getByTestId('cart-discount')).toHaveTextContent('−€14.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€125.99');
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('€20.12');
    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
  });

  it("shows the server's refusal next to the field and changes nothing", async () => {
    renderCart();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'BOGUS');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Coupon "BOGUS" does not exist!');
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('applied-coupon')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€139.99');
  });

  it('tells the shopper how long to wait after too many refused guesses (429)', async () => {
    const decide = server.sendCommand.bind(server);
    server.sendCommand = async (token, key, command) =>
      command.type === 'apply_coupon'
        ? { kind: 'retry', status: 429, retryAfter: 521, limit: 'coupon_attempts', message: 'server text' }
        : decide(token, key, command);
    renderCart();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'GUESS6');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many coupon attempts. Please try again in 9 minutes.');
    expect(screen.getByRole('button', { name: 'Apply coupon' })).toBeEnabled();
    expect(useCartStore.getState().outbox).toEqual([]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€139.99');
  });

  it('asks for a code before sending anything', async () => {
    renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a coupon code.');
    expect(server.received.filter((r) => r.command.type === 'apply_coupon')).toEqual([]);
  });

  it('never sends an email typed into the coupon field (events hold no personal data)', async () => {
    renderCart();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(screen.getByRole('alert')).toHaveTextContent("A coupon code never contains '@'. Please check the code.");
    expect(server.received.filter((r) => r.command.type === 'apply_coupon')).toEqual([]);
  });

  it('removes an applied coupon', async () => {
    await useCartStore.getState().applyCoupon('welcome10');
    renderCart();
    const applied = screen.getByTestId('applied-coupon');
    await userEvent.click(within(applied).getByRole('button', { name: 'Remove coupon welcome10' }));
    expect(await screen.findByText('Coupon has been removed.')).toBeInTheDocument();
    expect(screen.queryByTestId('applied-coupon')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€139.99');
  });

  it('disables Apply while the server decides', async () => {
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    renderCart();
    await userEvent.type(screen.getByLabelText('Coupon code'), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(screen.getByRole('button', { name: 'Apply coupon' })).toBeDisabled();
    await act(async () => {
      open();
      await settle(60);
    });
    expect(screen.getByRole('button', { name: 'Apply coupon' })).toBeEnabled();
    expect(screen.getByTestId('applied-coupon')).toBeInTheDocument();
  });
});
