import { render, screen, waitFor } from '@testing-library/react';
import type { VisitorLocation } from '../types';
import { loadVisitorLocation, resetLocationLookup, useVisitorLocation } from './useVisitorLocation';

const berlin = {
  country_code: 'DE', country_name: 'Germany', currency: 'EUR', city: 'Berlin', calling_code: '+49',
  is_eu: true, emoji_flag: '🇩🇪', flag: 'https://flags.example/de.svg', timezone: 'Europe/Berlin',
};

function answer(body: unknown, status = 200) {
  return vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

describe('visitor location (docs/spec.md section 3, GET /api/location)', () => {
  beforeEach(() => resetLocationLookup());
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server once on the first visit and caches the spec fields under "location"', async () => {
    const fetchMock = answer(berlin);
    vi.stubGlobal('fetch', fetchMock);
    const [a, b] = await Promise.all([loadVisitorLocation(), loadVisitorLocation()]);
    expect(a).toEqual(berlin);
    expect(b).toEqual(berlin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/location');
    expect(JSON.parse(localStorage.getItem('location')!)).toEqual(berlin);
  });

  it('uses the cached location on later visits without asking again', async () => {
    localStorage.setItem('location', JSON.stringify({ ...berlin, country_code: 'US', currency: 'USD', is_eu: false }));
    const fetchMock = answer(berlin);
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadVisitorLocation()).toMatchObject({ country_code: 'US', currency: 'USD' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an unknown address is cached with no country and EUR', async () => {
    vi.stubGlobal('fetch', answer({ ...berlin, country_code: null, country_name: null, currency: 'EUR', city: null, is_eu: false }));
    const found = await loadVisitorLocation();
    expect(found).toMatchObject({ country_code: null, currency: 'EUR' });
    expect((JSON.parse(localStorage.getItem('location')!) as { country_code: string | null }).country_code).toBeNull();
  });

  it('a failed lookup is logged only, nothing is cached, and the next visit tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', answer({ code: 'boom' }, 503));
    expect(await loadVisitorLocation()).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem('location')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await loadVisitorLocation()).toBeNull();
    const fetchMock = answer(berlin);
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadVisitorLocation()).toEqual(berlin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores a saved value that is not a location and asks again', async () => {
    localStorage.setItem('location', '{not json');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = answer(berlin);
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadVisitorLocation()).toEqual(berlin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the hook gives the location to the component and to onLocation once known', async () => {
    vi.stubGlobal('fetch', answer(berlin));
    const seen: VisitorLocation[] = [];
    const onLocation = (location: VisitorLocation) => seen.push(location);
    function Probe() {
      const location = useVisitorLocation(onLocation);
      return <p>{location ? `${location.city}, ${location.country_code}` : 'unknown'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('unknown')).toBeInTheDocument();
    expect(await screen.findByText('Berlin, DE')).toBeInTheDocument();
    await waitFor(() => expect(seen).toEqual([berlin]));
  });
});
