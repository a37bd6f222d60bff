import { confirmSubscription, unsubscribeByLink } from './links';

function answer(status: number) {
  return vi.fn(() => Promise.resolve(new Response(status === 200 ? '{}' : '{"code":"x"}', { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe('newsletter link calls', () => {
  it('confirm POSTs {token} and maps 200, 404, 410 and the rest', async () => {
    const fetch = answer(200);
    vi.stubGlobal('fetch', fetch);
    expect(await confirmSubscription('tok_en-1')).toBe('done');
    expect(fetch).toHaveBeenCalledWith('/api/newsletter/confirm', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok_en-1' }) }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [status, result] of [
      [404, 'invalid'],
      [410, 'expired'],
      [500, 'failed'],
      [422, 'failed'],
    ] as const) {
      vi.stubGlobal('fetch', answer(status));
      expect(await confirmSubscription('t')).toBe(result);
    }
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await confirmSubscription('t')).toBe('failed');
  });

  it('unsubscribe POSTs the token in the query (the one-click URL) without a body', async () => {
    const fetch = answer(200);
    vi.stubGlobal('fetch', fetch);
    expect(await unsubscribeByLink('a b')).toBe('done');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter/unsubscribe?token=a+b');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', answer(404));
    expect(await unsubscribeByLink('t')).toBe('invalid');
  });
});
