import { act, render, screen } from '@testing-library/react';
import { resetShippingPromises, type ShippingPromise as Promise_ } from '../api/getShippingPromise';
import { useCountryStore } from '../store/countryStore';
import { ShippingPromise, shippingPromiseText } from './ShippingPromise';

const promises: Record<string, Promise_> = {
  DE: { country: 'DE', country_name: 'Germany', currency: 'EUR', ships: true, free_over: 10000, cost_from: 490 },
  US: { country: 'US', country_name: 'United States', currency: 'USD', ships: true, free_over: 15000, cost_from: 1490 },
};

function serve() {
  const fetchMock = vi.fn((url: string) => {
    const country = new URL(url, 'http://shop').searchParams.get('country') ?? '';
    const body = promises[country];
    return Promise.resolve(new Response(JSON.stringify(body ?? { code: 'unknown_country', message: 'We do not know that country.' }), { status: body ? 200 : 422 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ShippingPromise (docs/spec.md section 2.3 "Shipping promise")', () => {
  beforeEach(() => {
    resetShippingPromises();
    useCountryStore.setState({ code: 'DE', currency: 'EUR', name: 'Germany', source: 'default' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the promise of the rates data in the chosen country’s currency, and follows a new choice', async () => {
    const fetchMock = serve();
    render(<ShippingPromise />);
    expect(await screen.findByText('Free shipping on orders over €100')).toBeInTheDocument();
    act(() => useCountryStore.getState().setCountry({ code: 'US', currency: 'USD', name: 'United States' }));
    expect(await screen.findByText('Free shipping on orders over $150')).toBeInTheDocument();
    expect(screen.getByTestId('shipping-promise')).not.toHaveTextContent('€');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/checkout/shipping-promise?country=DE', '/api/checkout/shipping-promise?country=US']);
    // back to Germany: known already, no new request
    act(() => useCountryStore.getState().setCountry({ code: 'DE', currency: 'EUR', name: 'Germany' }));
    expect(screen.getByTestId('shipping-promise')).toHaveTextContent('Free shipping on orders over €100');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps its line empty (no wrong figures) when the promise cannot be read', async () => {
    serve();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useCountryStore.setState({ code: 'ZZ', currency: 'EUR' });
    render(<ShippingPromise />);
    await act(() => Promise.resolve());
    expect(screen.getByTestId('shipping-promise').textContent).toBe('\u00a0');
  });

  it('words every kind of promise', () => {
    const us = promises.US;
    expect(shippingPromiseText(us)).toBe('Free shipping on orders over $150');
    expect(shippingPromiseText({ ...us, free_over: 9950 })).toBe('Free shipping on orders over $99.50');
    expect(shippingPromiseText({ ...us, free_over: null })).toBe('Shipping from $14.90');
    expect(shippingPromiseText({ ...us, cost_from: 0 })).toBe('Free shipping');
    expect(shippingPromiseText({ ...us, ships: false, free_over: null, cost_from: null })).toBe('We do not ship to your country yet');
  });
});
