import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product } from '@/types/api';
import { cartView, emptyCart } from '../store/rules';
import { useCartStore } from '../store/cartStore';
import { productFacts } from '../store/facts';
import { FakeCartServer, settle } from '../store/testing';
import { CartPage, formatRate } from './CartPage';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (fields: DeepPartial<Product>): Product => fixture<Product>({
  id: 1, name: 'Tyr TKL', slug: 'tyr-tkl', type: 'simple', sku: 'TYR',
  price: '139.99', regular_price: '139.99', sale_price: '', price_usd: '149.99', regular_price_usd: '149.99', sale_price_usd: '',
  stock_status: 'instock', manage_stock: false, stock_quantity: null, backorders: 'no',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }], images: [{ src: '/media/tyr.svg' }], acf: {},
  ...fields,
});

const tyr = product({});
const mjolnir = product({ id: 2, name: 'Mjolnir', slug: 'mjolnir', sku: 'MJ', price: '0.10', regular_price: '0.10' });
let server: FakeCartServer;

function renderCart() {
  const router = createMemoryRouter([{ path: '*', element: <CartPage /> }], { initialEntries: ['/cart'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('CartPage', () => {
  beforeEach(() => {
    server = new FakeCartServer({
      products: [tyr, mjolnir, product({ id: 3, name: 'Bragi', sku: 'BR', stock_status: 'onbackorder' }), product({ id: 4, name: 'Vali', sku: 'VA', regular_price: '59.99', sale_price: '49.99' })].map((p) => productFacts(p)),
      countries: [{ code: 'US', name: 'United States', currency: 'USD', tax_name: '', tax_rate_bp: 0 }],
    });
    useCartStore.runtime.deps.api = server;
    const empty = cartView(emptyCart());
    useCartStore.setState({ server: null, cart: empty, outbox: [], analytics: [], facts: {}, notice: null, flushing: false });
  });

  it('says so when the cart is empty', () => {
    renderCart();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByText('Go find something you like.')).toBeInTheDocument();
  });

  it('shows lines, subtotal, total and the included tax with its name and rate, in integer cents', async () => {
    useCartStore.getState().add(tyr);
    useCartStore.getState().add(tyr);
    useCartStore.getState().add(mjolnir);
    renderCart();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByTestId('line-subtotal')).toHaveTextContent('€279.98');
    expect(within(lines[0]).getByLabelText('Quantity for Tyr TKL')).toHaveValue('2');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€280.08');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€280.08');
    expect(screen.getByText('incl. 19% VAT')).toBeInTheDocument();
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('€44.72');
    expect(screen.getByRole('link', { name: 'Tyr TKL' })).toHaveAttribute('href', '/keyboards/tyr-tkl');
    expect(screen.queryByTestId('cart-sale-saving')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-cap-note')).not.toBeInTheDocument();
    await act(() => settle(60));
    expect(useCartStore.getState().outbox).toEqual([]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€280.08');
  });

  it('offers quantities 0 to 10; choosing 0 reveals Remove and disables checkout when all are 0', async () => {
    useCartStore.getState().add(tyr);
    const router = renderCart();
    const select = screen.getByLabelText('Quantity for Tyr TKL');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
    await userEvent.selectOptions(select, '0');
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    await act(() => settle(60));
    expect(server.received.map((r) => r.command.type)).toEqual(['add', 'set_count', 'remove']);
  });

  it('shows the pre-order notice, one subtotal with the sale saving as its own line, and USD without a tax line after set_country', () => {
    useCartStore.getState().rememberCountries([{ code: 'US', name: 'United States', currency: 'USD' }], []);
    useCartStore.getState().add(product({ id: 3, name: 'Bragi', sku: 'BR', stock_status: 'onbackorder' }));
    useCartStore.getState().add(product({ id: 4, name: 'Vali', sku: 'VA', regular_price: '59.99', sale_price: '49.99' }));
    renderCart();
    expect(screen.getByRole('note')).toHaveTextContent(/pre-order/i);
    expect(screen.getAllByText('Subtotal')).toHaveLength(1);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€189.98');
    expect(screen.getByText('You save (sale prices)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-sale-saving')).toHaveTextContent('€10.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€189.98');
    act(() => {
      useCartStore.getState().setCountry('US');
    });
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$299.98');
    expect(screen.queryByText(/incl\./i)).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-tax')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('€');
  });

  it('offers only the counts the stock allows and says why: "Only 2 in stock"', async () => {
    const limited = product({ id: 5, name: 'Skoll', sku: 'SK', manage_stock: true, stock_quantity: 2, backorders: 'no' });
    server.put(productFacts(limited));
    useCartStore.getState().add(limited);
    renderCart();
    const select = screen.getByLabelText('Quantity for Skoll');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2']);
    const note = screen.getByTestId('cart-cap-note');
    expect(note).toHaveTextContent('Only 2 in stock');
    expect(select).toHaveAttribute('aria-describedby', note.id);
    await userEvent.selectOptions(select, '2');
    expect(select).toHaveValue('2');
    await act(() => settle(60));
    expect(screen.getByLabelText('Quantity for Skoll')).toHaveValue('2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a product on backorder with backorders allowed has no stock cap and no note', () => {
    const backorder = product({ id: 6, name: 'Fenrir', sku: 'FE', manage_stock: true, stock_quantity: 0, backorders: 'yes' });
    server.put(productFacts(backorder));
    useCartStore.getState().add(backorder);
    renderCart();
    expect(within(screen.getByLabelText('Quantity for Fenrir')).getAllByRole('option')).toHaveLength(11);
    expect(screen.queryByTestId('cart-cap-note')).not.toBeInTheDocument();
  });

  it('shows a refusal from the server and reconciles to its cart', async () => {
    server.put(productFacts(product({ stock_status: 'outofstock' })));
    useCartStore.getState().add(tyr);
    renderCart();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    await act(() => settle(60));
    expect(screen.getByRole('alert')).toHaveTextContent('Tyr TKL is out of stock.');
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('shows the support reference of a cart the server has, as selectable code', async () => {
    useCartStore.getState().add(tyr);
    useCartStore.setState((s) => ({ cart: { ...s.cart, cart_id: '6f1c2d3e-0000-5000-8000-000000000000' } }));
    renderCart();
    const code = await screen.findByTestId('cart-support-reference');
    expect(code).toHaveTextContent('DWE-2TF');
    expect(code.tagName).toBe('CODE');
    expect(code.closest('p')).toHaveTextContent('Support reference: DWE-2TF');
    await act(() => settle(60));
  });

  it('shows no support reference before the server has started the cart', async () => {
    useCartStore.getState().add(tyr);
    expect(useCartStore.getState().cart.cart_id).toBeNull();
    renderCart();
    expect(screen.queryByText(/Support reference/)).not.toBeInTheDocument();
    await act(() => settle(60));
    expect(useCartStore.getState().outbox).toEqual([]);
  });

  it('formats tax rates from hundredths of a percent', () => {
    expect(formatRate(1900)).toBe('19');
    expect(formatRate(810)).toBe('8.1');
    expect(formatRate(2050)).toBe('20.5');
    expect(formatRate(725)).toBe('7.25');
  });
});
