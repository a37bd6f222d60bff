import { getSupportJson, supportApiPaths } from './supportApi';

afterEach(() => vi.unstubAllGlobals());

describe('the support API client (docs/spec.md section 2.14)', () => {
  it('builds the addresses of the contract', () => {
    expect(supportApiPaths.search('mila@example.com')).toBe('/api/support/carts?q=mila%40example.com');
    expect(supportApiPaths.timeline('K7F-3QX')).toBe('/api/support/carts/K7F-3QX/timeline');
    expect(supportApiPaths.timeline('a b/c', { version: 3 })).toBe('/api/support/carts/a%20b%2Fc/timeline?version=3');
    expect(supportApiPaths.timeline('K7F-3QX', { at: '2026-11-21T09:03:00Z' })).toBe('/api/support/carts/K7F-3QX/timeline?at=2026-11-21T09%3A03%3A00Z');
    expect(supportApiPaths.export('K7F-3QX', 'csv')).toBe('/api/support/carts/K7F-3QX/export?format=csv');
    expect(supportApiPaths.audit()).toBe('/api/support/audit?limit=100');
    expect(supportApiPaths.audit({ beforeId: 42 })).toBe('/api/support/audit?limit=100&before_id=42');
  });

  it('sends the staff cookie and gives the body', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify({ email: 'a@b.example', role: 'support' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getSupportJson('/api/staff/me')).toEqual({ kind: 'ok', data: { email: 'a@b.example', role: 'support' } });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include', cache: 'no-store' });
  });

  it("gives the server's {code, message} and candidates, or a generic message for other bodies", async () => {
    const body = { code: 'ambiguous_reference', message: 'Two carts share this reference.', candidates: ['a', 'b'] };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 409 }))));
    expect(await getSupportJson('/x')).toEqual({ kind: 'error', status: 409, error: body });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))));
    expect(await getSupportJson('/x')).toEqual({ kind: 'error', status: 502, error: { code: 'http_502', message: 'The server answered 502.' } });
  });

  it('rejects on abort, as fetch does', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))));
    await expect(getSupportJson('/x')).rejects.toThrow('aborted');
  });
});
