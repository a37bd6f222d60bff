import { PAGE_VIEW_TIMEOUT_MS, sendPageView, type PageViewPayload } from './sendPageView';

const payload: PageViewPayload = {
  event_id: '00000000-0000-4000-8000-000000000001',
  page_location: 'http://localhost/news',
  page_title: 'News – HALVARD',
  page_referrer: 'http://localhost/',
  cid: 'c1',
};

describe('sendPageView', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('POSTs the GA4 page_view JSON to /api/ga/page-view with keepalive', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response('{"recorded":true}', { status: 200 })));
    await expect(sendPageView(payload, { fetchImpl })).resolves.toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ga/page-view');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(init.body as string)).toEqual(payload);
  });

  it('gives up after 250 ms (docs/spec.md section 7), aborting the request, and never throws', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let signal!: AbortSignal;
    const fetchImpl = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init!.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const sent = sendPageView(payload, { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(PAGE_VIEW_TIMEOUT_MS).toBe(250);
    await vi.advanceTimersByTimeAsync(249);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    await expect(sent).resolves.toBe(false);
  });

  it('logs server errors and network failures only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(sendPageView(payload, { fetchImpl: vi.fn(() => Promise.resolve(new Response('', { status: 400 }))) })).resolves.toBe(false);
    await expect(sendPageView(payload, { fetchImpl: vi.fn(async () => Promise.reject(new TypeError('offline'))) })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('falls back to navigator.sendBeacon without fetch', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('fetch', undefined);
    try {
      await expect(sendPageView(payload, { beacon })).resolves.toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    const [url, data] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/ga/page-view');
    expect(data.type).toBe('application/json');
    expect(JSON.parse(await data.text())).toEqual(payload);
  });
});
