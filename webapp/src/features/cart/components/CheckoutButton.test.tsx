import { configure, act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product } from '@/types/api';
import { useCartStore } from '../store/cartStore';
import { productFacts } from '../store/facts';
import { cartView, emptyCart } from '../store/rules';
import { settle } from '../store/testing';
import { CouponCartServer } from '../store/testingCoupons';
import { CheckoutButton } from './CheckoutButton';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

// A loaded machine (2 cores, several suites at once) can take over a second to settle a render.
configure({ asyncUtilTimeout: 4000 });

const product = (fields: DeepPartial<Product>): Product => fixture<Product>({
  id: 1, name: 'Tyr TKL', slug: 'tyr-tkl', type: 'simple', sku: 'TYR',
  price: '139.99', regular_price: '139.99', sale_price: '', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '',
  stock_status: 'instock', manage_stock: false, stock_quantity: null, backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }], acf: {},
  ...fields,
});
const tyr = product({});
let server: CouponCartServer;

function renderButton() {
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CheckoutButton /> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('CheckoutButton (the hand-off, docs/spec.md section 4)', () => {
  beforeEach(() => {
    server = new CouponCartServer({
      products: [productFacts(tyr)],
      countries: [{ code: 'US', name: 'United States', currency: 'USD', tax_name: 'Sales tax', tax_rate_bp: 0 }],
    });
    useCartStore.runtime.deps.api = server;
    useCartStore.setState({ token: 'tok_handoff_test_AAAAAAAAAAAAAAAAAAAAAAAA', server: null, cart: cartView(emptyCart()), outbox: [], analytics: [], facts: {}, notice: null, flushing: false });
    useCartStore.getState().rememberCountries([{ code: 'US', name: 'United States', currency: 'USD' }], [{ country: 'US', name: 'Sales tax', rate: '0.0000' }]);
  });

  it('is disabled when the cart is empty or all counts are 0', () => {
    renderButton();
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    act(() => {
      useCartStore.getState().add(tyr);
    });
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
    act(() => {
      useCartStore.getState().setCount('L1', 0);
    });
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
  });

  it('makes the server cart match in one command, then goes to /checkout with currency and country', async () => {
    useCartStore.getState().add(tyr);
    useCartStore.getState().add(tyr);
    useCartStore.getState().setCountry('US');
    await act(() => settle(60));
    let open!: () => void;
    server.gate = new Promise((resolve) => (open = resolve));
    const router = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    // Working: disabled until the server answers; a second click sends nothing more.
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await act(async () => {
      open();
      await settle(60);
    });
    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(router.state.location.search).toBe('?currency=USD&country=US');
    const handOffs = server.received.filter((r) => r.command.type === 'start_checkout');
    expect(handOffs.map((r) => r.command)).toEqual([
      { type: 'start_checkout', lines: [{ product_id: 1, variation_id: null, count: 2, configuration: null, recommended_by: null }] },
    ]);
    expect(server.cart(useCartStore.getState().token!)?.checkout_started).toBe(true);
  });

  it('stays on the cart and shows the reason when the server refuses', async () => {
    useCartStore.getState().add(tyr);
    await act(() => settle(60));
    server.put(productFacts(product({ stock_status: 'outofstock' })));
    const router = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tyr TKL is out of stock.');
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
  });
});
