import { getJson } from './http';
import { hasInline, resetInline, takeInline } from './inlineApi';

function shell(json: string) {
  document.head.innerHTML = `<script type="application/json" id="api-inline">${json}</script>`;
  resetInline();
}

describe('inline API answers (the page shell)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    resetInline();
    vi.unstubAllGlobals();
  });

  it('hands each answer out once, then the path is read from the network', async () => {
    shell('{"/api/wp/menus":[{"id":1,"title":"Shop \\u003c3"}],"/api/company":null}');
    const fetchMock = vi.fn(() => Promise.resolve(new Response('[{"id":2}]', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(hasInline('/api/wp/menus')).toBe(true);
    await expect(getJson('/api/wp/menus', [])).resolves.toEqual([{ id: 1, title: 'Shop <3' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hasInline('/api/wp/menus')).toBe(false);
    await expect(getJson('/api/wp/menus', [])).resolves.toEqual([{ id: 2 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A null answer is an answer too (not "missing").
    expect(takeInline('/api/company')).toEqual({ body: null });
    expect(takeInline('/api/company')).toBeUndefined();
  });

  it('without a block, or with a broken one, holds nothing', () => {
    expect(hasInline('/api/wp/menus')).toBe(false);
    shell('{"/api/wp/menus": [');
    expect(hasInline('/api/wp/menus')).toBe(false);
    expect(takeInline('/api/wp/menus')).toBeUndefined();
  });
});
