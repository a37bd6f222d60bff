import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { Component as OrderRoute } from './order';

// A loaded machine (2 cores, several suites at once) can take over a second to settle a render.
configure({ asyncUtilTimeout: 4000 });

const order = {
  id: 482913570, number: '482913570', date_created: '2026-11-21T09:15:00+00:00', status: 'on-hold', status_label: 'On hold',
  total: 25198, currency: 'EUR', payment_method: 'bacs', payment_method_title: 'Direct bank transfer', lines: [], coupons: [],
  discount: 0, tax: 0, tax_name: '', shipping: 0, shipping_method_title: '', subtotal: 0, preorder: false, shipments: [],
  billing: null, shipping_address: null, payment_instructions: null,
};

function open(entry: string) {
  const fetchMock = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(order), { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/order/*', element: <OrderRoute /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return { fetchMock, router };
}

const sent = (fetchMock: ReturnType<typeof open>['fetchMock']) => ({
  url: fetchMock.mock.calls[0][0] as string,
  key: (fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['X-Order-Key'],
});

describe('/order/* route (docs/spec.md section 2.12: the key rides in the fragment)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the key of the link fragment as the X-Order-Key header, never in the URL, and keeps it', async () => {
    const { fetchMock } = open('/order/482913570#key=ol_signed-key_1');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('On hold');
    expect(sent(fetchMock)).toEqual({ url: '/api/wc/orders/482913570', key: 'ol_signed-key_1' });
    expect(JSON.parse(localStorage.getItem('orders')!)).toMatchObject({ '482913570': 'ol_signed-key_1' });
  });

  it("moves an old link's ?key= into the fragment and sends it as the header", async () => {
    const { fetchMock, router } = open('/order/482913570?key=wc_order_old&received=1');
    await screen.findByTestId('order-status');
    expect(sent(fetchMock)).toEqual({ url: '/api/wc/orders/482913570', key: 'wc_order_old' });
    expect(router.state.location.search).toBe('?received=1');
    expect(router.state.location.hash).toBe('#key=wc_order_old');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Thanks, we've received your order!");
  });
});
