import { searchProducts } from './searchProducts';

describe('searchProducts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks /api/search for ids, then loads those products in rank order', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const body = url.startsWith('/api/search/') ? [3, 1, 2] : [{ id: 1 }, { id: 2 }, { id: 3 }];
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    const products = await searchProducts('ac/dc "x"');
    expect(products.map((p) => p.id)).toEqual([3, 1, 2]);
    expect(urls[0]).toBe('/api/search/ac%2Fdc%20%22x%22');
    expect(urls[1]).toBe('/api/wc/products?include=3%2C1%2C2&per_page=100');
  });

  it('makes no product request when nothing matched, and gives [] when the search fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(() => Promise.resolve(new Response('[]', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchProducts('zzz')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('oops', { status: 500 }))));
    expect(await searchProducts('zzz')).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });
});
