import { render, waitFor } from '@testing-library/react';
import { useCountryStore } from '@/features/country';
import type { Country } from '@/types/api';
import { useGuessedCountry } from './useGuessedCountry';

const countries: Country[] = [
  { code: 'DE', name: 'Germany', currency: 'EUR', is_eu: true },
  { code: 'US', name: 'United States', currency: 'USD', is_eu: false },
];

function Probe() {
  useGuessedCountry(countries);
  return null;
}

const located = (body: Record<string, unknown>) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify({ currency: 'EUR', is_eu: false, ...body }), { status: 200, headers: { 'Content-Type': 'application/json' } })));

describe('the first visit guesses the shipping country from the IP', () => {
  beforeEach(() => useCountryStore.setState({ code: 'DE', name: null, currency: 'EUR', source: 'default' }));
  afterEach(() => vi.unstubAllGlobals());

  it('a visitor in the United States starts with USD', async () => {
    vi.stubGlobal('fetch', located({ country_code: 'US', country_name: 'United States', currency: 'USD' }));
    render(<Probe />);
    await waitFor(() => expect(useCountryStore.getState()).toMatchObject({ code: 'US', currency: 'USD', source: 'location' }));
  });

  it('an unknown address or a country we do not ship to keeps Germany and EUR', async () => {
    vi.stubGlobal('fetch', located({ country_code: null }));
    const first = render(<Probe />);
    await waitFor(() => expect(localStorage.getItem('location')).not.toBeNull());
    expect(useCountryStore.getState()).toMatchObject({ code: 'DE', currency: 'EUR', source: 'default' });
    first.unmount();
    localStorage.clear();
    vi.stubGlobal('fetch', located({ country_code: 'IS', country_name: 'Iceland' }));
    render(<Probe />);
    await waitFor(() => expect(localStorage.getItem('location')).toContain('"IS"'));
    expect(useCountryStore.getState()).toMatchObject({ code: 'DE', currency: 'EUR', source: 'default' });
  });

  it("never overrides the visitor's own choice", async () => {
    useCountryStore.getState().setCountry({ code: 'DE', currency: 'EUR', name: 'Germany' });
    vi.stubGlobal('fetch', located({ country_code: 'US', currency: 'USD' }));
    render(<Probe />);
    await waitFor(() => expect(localStorage.getItem('location')).not.toBeNull());
    expect(useCountryStore.getState()).toMatchObject({ code: 'DE', source: 'user' });
  });
});
