import { createMemoryRouter, type RouteObject } from '@/lib/router';
import { productPath } from '@/lib/products';
import type { Product } from '../types';
import { categoryPageLoader, categoryShouldRevalidate, productPageLoader, type ProductPageData } from './loaders';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (id: number, slug: string, fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id,
  name: slug,
  slug,
  price: '10.00',
  regular_price: '10.00',
  sale_price: '',
  stock_status: 'instock',
  categories: [{ id: 303, name: 'Keyboard accessories', slug: 'keyboard-accessories' }],
  ...fields,
});

/** A fake catalogue API: answers by path and query, records the URLs asked for. */
function fakeApi(products: Product[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      asked.push(input);
      const url = new URL(input, 'http://shop.test');
      let body: unknown = [];
      if (url.pathname === '/api/wc/products') {
        const slug = url.searchParams.get('slug');
        const include = url.searchParams.get('include')?.split(',').map(Number);
        if (slug) body = products.filter((p) => p.slug === slug);
        else if (include) body = include.map((id) => products.find((p) => p.id === id)).filter(Boolean);
        else body = products;
      } else if (url.pathname === '/api/wc/products/categories') {
        body = url.searchParams.get('slug') === 'keyboards' ? [{ id: 15, name: 'Keyboards', slug: 'keyboards' }] : [];
      } else if (url.pathname === '/api/wc/filters') {
        body = [{ id: 1, parent: 0, name: 'Colour', slug: 'colour', order: 0, depends_on: null, isColour: false, colours: null }];
      }
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return asked;
}

/** The category routes as the app declares them: product pages at 2 and 3 segments. */
const routes = (slug: string): RouteObject[] => [
  { path: '/', element: null },
  {
    path: `/${slug}`,
    children: [
      { index: true, element: null },
      { id: 'product', path: ':productSlug', loader: productPageLoader, element: null },
      { id: 'draft-product', path: ':parentSlug/:productSlug', loader: productPageLoader, element: null },
    ],
  },
];

async function visit(path: string) {
  const router = createMemoryRouter(routes(path.split('/')[1]), { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('product page loader (docs/spec.md section 2)', () => {
  it('loads the product by the slug with its recommendations and linked products', async () => {
    const asked = fakeApi([
      product(1, 'wrist-rest', { acf: { recommended_products: [2] }, upsell_ids: [3, 1] }),
      product(2, 'cable'),
      product(3, 'wrist-rest-xl'),
    ]);
    const router = await visit('/keyboard-accessories/wrist-rest');
    const data = router.state.loaderData.product as ProductPageData;
    expect(data.product.id).toBe(1);
    expect(data.recommended.map((p) => p.id)).toEqual([2]);
    expect(data.linked.map((p) => p.id)).toEqual([3]);
    expect(asked).toContain('/api/wc/products?slug=wrist-rest');
  });

  it('redirects a product flagged hide_product to /', async () => {
    fakeApi([product(1, 'team-edition', { acf: { hide_product: true } })]);
    const router = await visit('/keyboard-accessories/team-edition');
    expect(router.state.location.pathname).toBe('/');
  });

  it('answers 404 for an unknown slug', async () => {
    fakeApi([]);
    const router = await visit('/keyboard-accessories/nope');
    expect(router.state.errors).not.toBeNull();
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404 });
  });

  it('finds a draft or pending product at its category / parent category / slug URL', async () => {
    for (const status of ['draft', 'pending']) {
      const item = product(7, 'prototype', { status });
      fakeApi([item]);
      expect(productPath(item)).toBe('/keyboard-accessories/prototype');
      const path = '/keyboard-accessories/keyboards/prototype';
      const router = await visit(path);
      expect(router.state.errors).toBeNull();
      expect(router.state.location.pathname).toBe(path);
      const data = router.state.loaderData['draft-product'] as ProductPageData;
      expect(data.product).toMatchObject({ id: 7, status });
    }
  });
});

describe('category page loader', () => {
  it('loads the category, its products and the filter terms', async () => {
    const asked = fakeApi([product(1, 'odin')]);
    const data = await categoryPageLoader({ request: new Request('http://shop.test/keyboards?filter=black'), params: {}, context: undefined } as never);
    expect(data.category.id).toBe(15);
    expect(data.products.map((p) => p.id)).toEqual([1]);
    expect(data.filters.map((f) => f.slug)).toEqual(['colour']);
    expect(asked).toContain('/api/wc/products?category=15&per_page=100');
    expect(asked).toContain('/api/wc/filters');
  });

  it('does not reload when only the filter query changes', () => {
    const at = (href: string) => new URL(href, 'http://shop.test');
    expect(categoryShouldRevalidate({ currentUrl: at('/mice'), nextUrl: at('/mice?filter=black'), defaultShouldRevalidate: true })).toBe(false);
    expect(categoryShouldRevalidate({ currentUrl: at('/mice'), nextUrl: at('/keyboards'), defaultShouldRevalidate: true })).toBe(true);
  });

  it('asks the server for the URL’s sort in the visitor’s currency and reloads when the sort changes', async () => {
    const asked = fakeApi([product(1, 'odin')]);
    const data = await categoryPageLoader({ request: new Request('http://shop.test/keyboards?orderby=price-desc') }, 'USD');
    expect(data.order).toBe('price-desc');
    expect(asked).toContain('/api/wc/products?category=15&per_page=100&orderby=price&order=desc&currency=USD');
    const newest = fakeApi([]);
    expect((await categoryPageLoader({ request: new Request('http://shop.test/keyboards?orderby=date') })).order).toBe('date');
    expect(newest).toContain('/api/wc/products?category=15&per_page=100&orderby=date&order=desc&currency=EUR');
    const unknown = fakeApi([]);
    expect((await categoryPageLoader({ request: new Request('http://shop.test/keyboards?orderby=nonsense') })).order).toBe('menu_order');
    expect(unknown).toContain('/api/wc/products?category=15&per_page=100');
    const at = (href: string) => new URL(href, 'http://shop.test');
    expect(categoryShouldRevalidate({ currentUrl: at('/mice?filter=black'), nextUrl: at('/mice?filter=black&orderby=price'), defaultShouldRevalidate: true })).toBe(true);
  });
});
