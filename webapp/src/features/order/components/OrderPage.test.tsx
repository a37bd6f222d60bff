import type { ReactElement } from 'react';
import { configure, render as renderDom, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { OrderPage } from './OrderPage';

// A loaded machine (2 cores, several suites at once) can take over a second to settle a render.
configure({ asyncUtilTimeout: 4000 });

const render = (element: ReactElement) => renderDom(<RouterProvider router={createMemoryRouter([{ path: '*', element }])} />);

const order = {
  id: 482913570,
  number: '482913570',
  date_created: '2026-11-21T09:15:00+00:00',
  status: 'on-hold',
  status_label: 'On hold',
  preorder: false,
  shipments: [],
  total: 25198,
  currency: 'EUR',
  payment_method: 'bacs',
  payment_method_title: 'Direct bank transfer',
  lines: [{ sku: 'TYR', name: 'Tyr TKL', product_id: 1103, variation_id: null, count: 2, unit_price: 13999, line_total: 27998, configuration: null, preorder: false }],
  coupons: [{ code: 'welcome10', discount: 2800 }],
  discount: 2800,
  tax: 4023,
  tax_name: 'VAT',
  tax_rate_bp: 1900,
  shipping: 0,
  shipping_method_title: 'DHL Paket (2-3 days)',
  subtotal: 27998,
  billing: { email: 'mila@example.com', first_name: 'Mila', last_name: 'Berg', address_1: 'Torstraße 1', city: 'Berlin', postcode: '10119', country: 'DE', country_name: 'Germany' },
  shipping_address: { first_name: 'Mila', last_name: 'Berg', address_1: 'Torstraße 1', city: 'Berlin', postcode: '10119', country: 'DE', country_name: 'Germany' },
  payment_instructions: {
    text: 'Make your payment directly into our bank account. Please use your Order ID as the payment reference.',
    account_name: 'HALVARD Demo GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank_name: 'Demo Bank',
    reference: '482913570', amount: 25198, currency: 'EUR',
  },
};

type FetchMock = ReturnType<typeof serve>;

/** The X-Order-Key header of the first request (undefined when none was sent). */
const sentKey = (fetchMock: FetchMock) => (fetchMock.mock.calls[0][1]?.headers as Record<string, string> | undefined)?.['X-Order-Key'];

function serve(status = 200, body: unknown = order) {
  const fetchMock = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('OrderPage (docs/spec.md section 2 "Order page")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("arriving from checkout: 'Thanks, we've received your order!' with Order Number, Date, Total, Payment Method", async () => {
    localStorage.setItem('orders', JSON.stringify({ '482913570': 'wc_order_abc' }));
    const fetchMock = serve();
    render(<OrderPage id="482913570" received />);
    expect(screen.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeInTheDocument();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('482913570');
    const overview = screen.getByRole('list', { name: 'Order overview' });
    expect(overview).toHaveTextContent('Order Number: 482913570');
    expect(overview).toHaveTextContent('Date: 21 November, 2026');
    expect(overview).toHaveTextContent('Total: €251.98');
    expect(overview).toHaveTextContent('Payment Method: Direct bank transfer');
    const bank = screen.getByRole('region', { name: 'Payment instructions' });
    expect(bank).toHaveTextContent('Please use your Order ID as the payment reference.');
    expect(within(bank).getByTestId('bank-iban')).toHaveTextContent('DE89 3704 0044 0532 0130 00');
    expect(within(bank).getByTestId('bank-reference')).toHaveTextContent('482913570');
    expect(within(bank).getByTestId('bank-amount')).toHaveTextContent('€251.98');
    const line = screen.getByTestId('order-line');
    expect(line).toHaveTextContent('Tyr TKL × 2');
    expect(line).toHaveTextContent('€279.98');
    expect(screen.getByTestId('order-discount')).toHaveTextContent('−€28.00');
    expect(screen.getByText('(incl. 19% VAT: €40.23)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Addresses' })).getAllByText(/Torstraße 1/)).toHaveLength(2);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/wc/orders/482913570');
    expect(sentKey(fetchMock)).toBe('wc_order_abc');
  });

  it('an order without tax (a zero rate) shows no tax line and no euro amount in USD', async () => {
    localStorage.setItem('orders', JSON.stringify({ '482913570': 'wc_order_abc' }));
    serve(200, { ...order, currency: 'USD', tax: 0, tax_name: 'Sales tax', tax_rate_bp: 0, payment_instructions: { ...order.payment_instructions, currency: 'USD' } });
    render(<OrderPage id="482913570" received />);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('482913570');
    expect(screen.getByRole('list', { name: 'Order overview' })).toHaveTextContent('Total: $251.98');
    expect(document.body).not.toHaveTextContent(/incl\.|includes|Sales tax/i);
    expect(document.body).not.toHaveTextContent('€');
  });

  it("reopened later: 'Order #{id}'", async () => {
    localStorage.setItem('orders', JSON.stringify({ '482913570': 'wc_order_abc' }));
    serve();
    render(<OrderPage id="482913570" received={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Order #482913570' })).toBeInTheDocument();
    expect(await screen.findByTestId('order-total')).toHaveTextContent('€251.98');
  });

  it('shows the support reference of the cart the order came from, as selectable code', async () => {
    serve(200, { ...order, support_reference: 'K7F-3QX' });
    render(<OrderPage id="482913570" received={false} urlKey="wc_order_abc" />);
    const code = await screen.findByTestId('order-support-reference');
    expect(code).toHaveTextContent('K7F-3QX');
    expect(code.tagName).toBe('CODE');
    expect(code.closest('p')).toHaveTextContent('Support reference: K7F-3QX');
  });

  it('shows no support reference when the order has none', async () => {
    serve();
    render(<OrderPage id="482913570" received={false} urlKey="wc_order_abc" />);
    expect(await screen.findByTestId('order-total')).toHaveTextContent('€251.98');
    expect(screen.queryByText(/Support reference/)).not.toBeInTheDocument();
  });

  it('a key from the link is used and kept for later', async () => {
    const fetchMock = serve();
    render(<OrderPage id="482913570" received={false} urlKey="wc_order_fromlink" />);
    await screen.findByTestId('order-number');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/wc/orders/482913570');
    expect(sentKey(fetchMock)).toBe('wc_order_fromlink');
    expect(JSON.parse(localStorage.getItem('orders')!)).toEqual({ '482913570': 'wc_order_fromlink' });
  });

  it('without a key (a staff session may still read it) asks without one; 404 says it cannot be found', async () => {
    const fetchMock = serve(404, { code: 'order_not_found', message: 'Order not found.' });
    render(<OrderPage id="123456789" received={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/wc/orders/123456789');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin' });
    expect(sentKey(fetchMock)).toBeUndefined();
    expect(screen.queryByTestId('order-number')).not.toBeInTheDocument();
  });

  it('shows the status with its human label, and a label for a status the API did not label', async () => {
    serve();
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('On hold');
    expect(screen.getByRole('list', { name: 'Order overview' })).toHaveTextContent('Status: On hold');
  });

  it.each([
    ['pending', 'Pending payment'],
    ['on-hold', 'On hold'],
    ['processing', 'Processing'],
    ['completed', 'Completed'],
    ['cancelled', 'Cancelled'],
    ['refunded', 'Refunded'],
    ['failed', 'Failed'],
    ['checkout-draft', 'Checkout draft'],
  ])('status %s reads %s', async (status, label) => {
    serve(200, { ...order, status, status_label: '' });
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    expect(await screen.findByTestId('order-status')).toHaveTextContent(label);
  });

  it('tells the exact amount to transfer with the order number as reference, and the country by name', async () => {
    serve();
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    const summary = await screen.findByTestId('bank-transfer-summary');
    expect(summary).toHaveTextContent('Please transfer exactly €251.98 and use your order number 482913570 as the payment reference.');
    expect(screen.getByTestId('bank-account-name')).toHaveTextContent('HALVARD Demo GmbH');
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getAllByText('Germany')).toHaveLength(2);
    expect(within(addresses).queryByText('DE')).not.toBeInTheDocument();
  });

  it('marks pre-order lines and says the order includes pre-orders', async () => {
    serve(200, { ...order, preorder: true, lines: [{ ...order.lines[0], preorder: true }] });
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    expect(await screen.findByTestId('order-preorder')).toHaveTextContent('This order includes pre-order items.');
    expect(screen.getByTestId('order-line')).toHaveTextContent('Pre-order');
  });

  it('shows no pre-order notice and no shipments when there are none', async () => {
    serve();
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-preorder')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipments' })).not.toBeInTheDocument();
  });

  it('lists the shipments with carrier, tracking number and date', async () => {
    serve(200, {
      ...order,
      status: 'completed',
      status_label: 'Completed',
      payment_instructions: null,
      shipments: [{ carrier: 'DHL', tracking_number: '00340434161234567890', shipped_at: '2026-11-23T10:00:00+00:00' }],
    });
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    const shipment = await screen.findByTestId('order-shipment');
    expect(shipment).toHaveTextContent('DHL: 00340434161234567890 shipped 23 November, 2026');
    expect(screen.getByRole('heading', { name: 'Shipments' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment instructions' })).not.toBeInTheDocument();
  });

  it('lists each refund under the total, labelled with its reason, and the net total', async () => {
    serve(200, {
      ...order,
      status: 'processing',
      status_label: 'Processing',
      payment_instructions: null,
      refunds: [
        { amount: 2700, reason: 'Broken switch', refunded_at: '2026-11-23T10:00:00+00:00' },
        { amount: 1000, reason: '', refunded_at: '2026-11-24T10:00:00+00:00' },
      ],
      refunded: 3700,
    });
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    const rows = await screen.findAllByTestId('order-refund');
    expect(rows.map((r) => r.textContent)).toEqual(['Broken switch:−€27.00', 'Refund:−€10.00']);
    expect(screen.getByTestId('order-net-total')).toHaveTextContent('€214.98');
  });

  it('shows no refund rows and no net total when nothing was refunded', async () => {
    serve(200, { ...order, refunds: [], refunded: 0 });
    render(<OrderPage id="482913570" received={false} urlKey="ol_link" />);
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-refund')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-net-total')).not.toBeInTheDocument();
  });

  it('a server failure is logged and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(500, {});
    render(<OrderPage id="1" received={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The order could not be loaded.');
    expect(warn).toHaveBeenCalled();
  });
});
