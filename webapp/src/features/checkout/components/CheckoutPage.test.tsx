import { configure, act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { CheckoutCart } from '../types';
import { CheckoutPage } from './CheckoutPage';

// A loaded machine (2 cores, several suites at once) can take over a second to settle a render.
configure({ asyncUtilTimeout: 4000 });

const cartDE: CheckoutCart = {
  version: 4,
  currency: 'EUR',
  country: { code: 'DE', name: 'Germany', currency: 'EUR' },
  tax: { name: 'VAT', rate_bp: 1900 },
  lines: [{ line_id: 'L1', name: 'Tyr TKL', count: 2, line_total: 27998, variation_label: '' }],
  totals: { subtotal: 27998, total: 25198, tax_included: 4023, discount: 2800, item_count: 2 },
  coupons: [{ code: 'welcome10', discount: 2800 }],
};
const cartUS: CheckoutCart = {
  ...cartDE,
  version: 5,
  currency: 'USD',
  country: { code: 'US', name: 'United States', currency: 'USD' },
  tax: { name: 'Sales tax', rate_bp: 0 },
  lines: [{ line_id: 'L1', name: 'Tyr TKL', count: 2, line_total: 29998, variation_label: '' }],
  totals: { subtotal: 29998, total: 26998, tax_included: 0, discount: 3000, item_count: 2 },
};

const TOKEN = 'tok_checkout_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

type Reply = { status: number; body: unknown } | 'network';

/** A fetch double for the checkout endpoints. `orders` replies are used in turn. */
function backend(orders: Reply[] = [], quoteStandardCost = 0) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: string | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ url, method, headers: (init.headers ?? {}) as Record<string, string>, body });
    const reply = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.startsWith('/api/checkout/shipping-methods')) {
      const params = new URL(url, 'http://shop.test').searchParams;
      const currency = params.get('currency');
      return Promise.resolve(reply(200, [
        { id: 'flat_rate', title: 'Standard shipping', cost: currency === 'USD' ? 1500 : 490, currency, free_over: currency === 'USD' ? null : 10000 },
        { id: 'express', title: 'Express', cost: 1490, currency, free_over: null },
      ]));
    }
    if (url === '/api/checkout/quote') {
      const express = body?.shipping_method === 'express';
      const us = body?.country === 'US';
      const shipping = express ? 1490 : us ? 1500 : 0;
      const subtotal = us ? 29998 : 27998;
      const discount = us ? 3000 : 2800;
      const currency = us ? 'USD' : 'EUR';
      return Promise.resolve(reply(200, {
        currency, country: us ? 'US' : 'DE', subtotal, discount, shipping, tax: us ? 0 : 4261, total: subtotal - discount + shipping,
        tax_name: us ? 'Sales tax' : 'VAT', tax_rate_bp: us ? 0 : 1900, lines: [], coupons: [{ code: 'welcome10', discount }], coupon_refusals: [],
        shipping_method: body?.shipping_method,
        shipping_methods: [
          { id: 'flat_rate', title: 'Standard shipping', cost: us ? 1500 : quoteStandardCost, currency, free_over: us ? null : 10000 },
          { id: 'express', title: 'Express', cost: 1490, currency, free_over: null },
        ],
      }));
    }
    if (url === '/api/checkout/orders') {
      const next = orders.shift() ?? { status: 500, body: {} };
      if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(reply(next.status, next.body));
    }
    return Promise.resolve(reply(404, { code: 'not_found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, orderCalls: () => calls.filter((c) => c.url === '/api/checkout/orders') };
}

const placed = (id = 'k7Qx2', key = 'wc_order_secret') => ({ status: 201, body: { order: { id, number: id, total: 25198, currency: 'EUR' }, order_key: key } });

function renderCheckout(props: Partial<Parameters<typeof CheckoutPage>[0]> = {}) {
  const onPlaced = vi.fn();
  const page = (extra: Partial<Parameters<typeof CheckoutPage>[0]> = {}) => (
    <CheckoutPage
      cart={cartDE}
      token={TOKEN}
      pending={false}
      countrySelector={<p>Country selector</p>}
      couponForm={<p>Coupon form</p>}
      onPlaced={onPlaced}
      {...props}
      {...extra}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: page() },
      { path: '/order/*', element: <p>Order page</p> },
    ],
    { initialEntries: ['/checkout?currency=EUR&country=DE'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, onPlaced, view };
}

async function fillValid(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Email address *'), 'mila@example.com');
  await user.type(screen.getByLabelText('First name *'), 'Mila');
  await user.type(screen.getByLabelText('Last name *'), 'Berg');
  await user.type(screen.getByLabelText('Street address *'), 'Torstraße 1');
  await user.type(screen.getByLabelText('Postcode / ZIP *'), '10119');
  await user.type(screen.getByLabelText('Town / City *'), 'Berlin');
  await user.click(screen.getByLabelText('I have read and agree to the website terms and conditions'));
  return user;
}

describe('CheckoutPage', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lines, the shipping methods of the cart country and the server quote', async () => {
    const { calls } = backend();
    renderCheckout();
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-line')).toHaveTextContent('Tyr TKL × 2€279.98');
    const standard = await screen.findByRole('radio', { name: /Standard shipping/ });
    expect(standard).toBeChecked();
    // Free over €100.00: this cart qualifies.
    expect(standard.closest('label')).toHaveTextContent('Free');
    expect(screen.getByRole('radio', { name: /Express/ }).closest('label')).toHaveTextContent('€14.90');
    // The quote's tax (€42.61) differs from the cart's own (€40.23): the quote has landed.
    await waitFor(() => expect(screen.getByTestId('checkout-tax')).toHaveTextContent('€42.61'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('€251.98');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-discount')).toHaveTextContent('−€28.00');
    expect(screen.getByText('Discount (welcome10)')).toBeInTheDocument();
    expect(screen.getByText('incl. 19% VAT')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-sale-saving')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Direct bank transfer' })).toBeChecked();
    const quote = calls.find((c) => c.url === '/api/checkout/quote')!;
    expect(quote.headers['X-Cart-Token']).toBe(TOKEN);
    expect(quote.body).toEqual({ country: 'DE', shipping_method: 'flat_rate' });
    expect(calls[0].url).toBe('/api/checkout/shipping-methods?country=DE&currency=EUR');
  });

  it("shows the quote's cost of each method for this order, and a coupon the order cannot use", async () => {
    const { fetchMock } = backend([], 490);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await base(input, init);
      if (String(input) !== '/api/checkout/quote') return response;
      const data = (await response.json()) as { total: number };
      const refusal = { code: 'staff40', refusal: 'coupon_email_restricted', message: 'Sorry, coupon "staff40" is not valid for your email address.' };
      return new Response(JSON.stringify({ ...data, shipping: 490, total: data.total + 490, coupon_refusals: [refusal] }), { status: 200 });
    });
    renderCheckout();
    await waitFor(() => expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('€4.90'));
    expect(screen.getByRole('radio', { name: /Standard shipping/ }).closest('label')).toHaveTextContent('€4.90');
    expect(screen.getByText('Sorry, coupon "staff40" is not valid for your email address.')).toBeInTheDocument();
  });

  it('asks for a new quote when the shipping method changes', async () => {
    const { calls } = backend();
    renderCheckout();
    await userEvent.click(await screen.findByRole('radio', { name: /Express/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('€266.88'));
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('€14.90');
    expect(calls.filter((c) => c.url === '/api/checkout/quote').at(-1)?.body).toEqual({ country: 'DE', shipping_method: 'express' });
  });

  it('re-prices when the cart country changes (USD, its shipping and tax)', async () => {
    const { calls } = backend();
    const onPlaced = vi.fn();
    const router = createMemoryRouter([{ path: '/checkout', element: <CheckoutPage cart={cartDE} token={TOKEN} pending={false} countrySelector={null} couponForm={null} onPlaced={onPlaced} /> }], {
      initialEntries: ['/checkout'],
    });
    const view = render(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByTestId('checkout-tax')).toHaveTextContent('€42.61'));
    const usRouter = createMemoryRouter([{ path: '/checkout', element: <CheckoutPage cart={cartUS} token={TOKEN} pending={false} countrySelector={null} couponForm={null} onPlaced={onPlaced} /> }], {
      initialEntries: ['/checkout'],
    });
    view.rerender(<RouterProvider router={usRouter} />);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$284.98'));
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$15.00');
    // a zero rate shows no tax line at all (docs/spec.md section 9 "Tax lines")
    expect(screen.queryByTestId('checkout-tax')).not.toBeInTheDocument();
    expect(screen.queryByText(/incl\.|Sales tax/i)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/checkout/shipping-methods?country=US&currency=USD')).toBe(true);
  });

  it('places the order once with an Idempotency-Key, keeps its key per order and opens the order page', async () => {
    const { orderCalls } = backend([placed()]);
    const { router, onPlaced } = renderCheckout();
    await screen.findByRole('radio', { name: /Standard shipping/ });
    const user = await fillValid();
    await user.type(screen.getByLabelText('Order notes (optional)'), 'Leave at the door');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/k7Qx2');
    // The key rides in the fragment (never sent to a server), not in the query.
    expect(router.state.location.hash).toBe('#key=wc_order_secret');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ received: true });
    expect(onPlaced).toHaveBeenCalledWith('k7Qx2');
    expect(JSON.parse(localStorage.getItem('orders')!)).toEqual({ k7Qx2: 'wc_order_secret' });
    const [call] = orderCalls();
    expect(call.headers['X-Cart-Token']).toBe(TOKEN);
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call.body).toEqual({
      email: 'mila@example.com',
      first_name: 'Mila',
      last_name: 'Berg',
      address_1: 'Torstraße 1',
      city: 'Berlin',
      postcode: '10119',
      country: 'DE',
      shipping_method: 'flat_rate',
      payment_method: 'bacs',
      terms_accepted: true,
      customer_note: 'Leave at the door',
    });
    expect(sessionStorage.getItem('checkout-attempt')).toBeNull();
  });

  it("shows the server's field messages next to the fields and focuses the first", async () => {
    backend([
      {
        status: 422,
        body: {
          code: 'invalid_checkout',
          message: 'Please check the highlighted fields.',
          fields: { email: 'Billing Email address is not a valid email address.', postcode: 'Billing Postcode / ZIP is not a valid postcode / ZIP.', terms_accepted: 'Please read and accept the terms and conditions to proceed with your order.' },
        },
      },
    ]);
    renderCheckout();
    await screen.findByRole('radio', { name: /Standard shipping/ });
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const email = screen.getByLabelText('Email address *');
    expect(await screen.findByText('Billing Email address is not a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Billing Email address is not a valid email address.');
    expect(screen.getByLabelText('Postcode / ZIP *')).toHaveAccessibleDescription('Billing Postcode / ZIP is not a valid postcode / ZIP.');
    expect(screen.getByLabelText('I have read and agree to the website terms and conditions')).toHaveAccessibleDescription(
      'Please read and accept the terms and conditions to proceed with your order.',
    );
    expect(screen.getByLabelText('First name *')).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveFocus();
  });

  it('retries a lost answer with the same key; a definitive answer starts a new attempt', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { orderCalls } = backend([
      'network',
      { status: 503, body: { code: 'unavailable', message: 'The shop is busy, please try again.' } },
      { status: 422, body: { code: 'invalid_checkout', message: 'x', fields: { city: 'Billing Town / City is a required field.' } } },
      placed('Zq9', 'wc_order_z'),
    ]);
    const { router } = renderCheckout();
    await screen.findByRole('radio', { name: /Standard shipping/ });
    const user = await fillValid();
    const place = screen.getByRole('button', { name: 'Place order' });
    await user.click(place);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the shop. Please try again: your order will be placed only once.');
    await user.click(place);
    expect(await screen.findByText('The shop is busy, please try again.')).toBeInTheDocument();
    await user.click(place);
    expect(await screen.findByText('Billing Town / City is a required field.')).toBeInTheDocument();
    await user.click(place);
    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/Zq9');
    const keys = orderCalls().map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
    expect(warn).toHaveBeenCalledWith('POST /api/checkout/orders failed', expect.any(TypeError)); // logged
  });

  it('disables Place order while placing: a double click makes one request', async () => {
    let answer!: (r: Response) => void;
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    const { fetchMock, orderCalls } = backend();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/checkout/orders') {
        await base(input, init); // recorded
        return answered;
      }
      return base(input, init);
    });
    renderCheckout();
    await screen.findByRole('radio', { name: /Standard shipping/ });
    const user = await fillValid();
    const place = screen.getByRole('button', { name: 'Place order' });
    await user.dblClick(place);
    expect(place).toBeDisabled();
    expect(screen.getByText('Placing your order…')).toBeInTheDocument();
    await act(async () => {
      answer(new Response(JSON.stringify(placed().body), { status: 201 }));
      await answered;
    });
    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(orderCalls()).toHaveLength(1);
  });

  it("shows a refusal's message (e.g. out of stock) and stays", async () => {
    backend([{ status: 409, body: { code: 'out_of_stock', message: 'Sorry, "Tyr TKL" is not in stock. Please edit your cart and try again.' } }]);
    const { router } = renderCheckout();
    await screen.findByRole('radio', { name: /Standard shipping/ });
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, "Tyr TKL" is not in stock. Please edit your cart and try again.');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('waits for pending cart commands before quoting or placing', async () => {
    const { calls } = backend();
    renderCheckout({ pending: true });
    await screen.findByRole('radio', { name: /Standard shipping/ });
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.getByText('Saving your cart…')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Calculating…');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('€251.98'); // the cart's own total meanwhile
    expect(calls.some((c) => c.url === '/api/checkout/quote')).toBe(false);
  });

  it('an empty cart has nothing to check out', () => {
    const { calls } = backend();
    renderCheckout({ cart: { ...cartDE, lines: [{ ...cartDE.lines[0], count: 0 }] } });
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('renders the country selector and coupon slots', async () => {
    backend();
    renderCheckout();
    expect(screen.getByText('Country selector')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByText('Coupon form')).toBeInTheDocument();
    await screen.findByRole('radio', { name: /Standard shipping/ });
  });
  it('asks a cart of virtual items only for billing details, no address or shipping method, and places the order without them (docs/spec.md section 10.3)', async () => {
    const { fetchMock, orderCalls } = backend([placed()]);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await base(input, init);
      if (String(input) !== '/api/checkout/quote') return response;
      const data = (await response.json()) as { total: number; shipping: number };
      return new Response(JSON.stringify({ ...data, needs_shipping: false, shipping: 0, total: data.total - data.shipping, shipping_method: '', shipping_methods: [] }), { status: 200 });
    });
    renderCheckout();
    await waitFor(() => expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('No shipping needed'));
    expect(screen.getByRole('group', { name: 'Billing details' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Street address *')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Postcode / ZIP *')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Town / City *')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Shipping method' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address *'), 'mila@example.com');
    await user.type(screen.getByLabelText('First name *'), 'Mila');
    await user.type(screen.getByLabelText('Last name *'), 'Berg');
    await user.click(screen.getByLabelText('I have read and agree to the website terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orderCalls()).toHaveLength(1));
    expect(orderCalls()[0].body).toMatchObject({ email: 'mila@example.com', country: 'DE', shipping_method: '', address_1: '', city: '', postcode: '' });
  });
});
