import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutOneMouse, placeOrderAs, renderAll, settle } from './support/shop';
import { VISITOR_VIEWPORTS, offlineVideoHost, visitedByRouteSweep, watchConsole, type Refusal } from './support/visit';

/**
 * A visitor's console stays clean (docs/spec.md section 8, "Console"): on every storefront route,
 * at 1280 px and at 375 px, no console error and no uncaught page error. The routes come from the
 * live catalogue (categories, products of each type, content pages, posts), not from a list
 * written here, so a category or product added by the admin or an import is swept too. The
 * routes of e2e/routes.spec.ts's list are left out: that spec opens each at the same two widths
 * with the same console check (support/visit.ts).
 *
 * The one console error a page cannot prevent is the browser's own network line, "Failed to load
 * resource: the server responded with a status of 4xx", which Chromium logs for every 4xx answer.
 * The shop answers an expected refusal with its honest status (an unknown page or order 404, a
 * refused coupon 409, a checkout form with errors 422: docs/spec.md section 8), as Shopify and
 * WooCommerce do, so each visit below names exactly the refusals it provokes (path and status);
 * such a line for any other request, or any other error, fails the test.
 */

/** How many products of each type (simple, variable, grouped, external, configurable) to visit. */
const PER_TYPE = 3;

interface Category {
  slug: string;
  count?: number;
}
interface CatalogProduct {
  slug: string;
  type: string;
  status?: string;
  categories?: { slug: string }[];
  acf?: { hide_product?: boolean } | null;
  isConfigurable?: boolean;
}
interface Slugged {
  slug: string;
}

async function getList<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const answer = await request.get(url);
  expect(answer.ok(), `GET ${url}`).toBe(true);
  const body: unknown = await answer.json();
  expect(Array.isArray(body), `GET ${url} is a list`).toBe(true);
  return body as T[];
}

/** Every category page of the catalogue. */
async function categoryRoutes(request: APIRequestContext): Promise<string[]> {
  const categories = await getList<Category>(request, '/api/wc/products/categories?per_page=100');
  expect(categories.length).toBeGreaterThan(0);
  return categories.map((c) => `/${c.slug}`);
}

/** Up to PER_TYPE published, visible products of each type (and configurable ones), at their page URL. */
async function productRoutes(request: APIRequestContext): Promise<string[]> {
  const products: CatalogProduct[] = [];
  for (let page = 1; ; page++) {
    const batch = await getList<CatalogProduct>(request, `/api/wc/products?per_page=100&page=${page}`);
    products.push(...batch);
    if (batch.length < 100) break;
  }
  const visible = products.filter((p) => !p.acf?.hide_product && (p.status ?? 'publish') === 'publish' && (p.categories?.length ?? 0) > 0);
  const kinds = new Map<string, CatalogProduct[]>();
  for (const product of visible) {
    for (const kind of [product.type, ...(product.isConfigurable ? ['configurable'] : [])]) {
      const list = kinds.get(kind) ?? [];
      if (list.length < PER_TYPE) list.push(product);
      kinds.set(kind, list);
    }
  }
  expect([...kinds.keys()]).toEqual(expect.arrayContaining(['simple', 'variable']));
  const routes = [...kinds.values()].flat().map((p) => `/${p.categories![0].slug}/${p.slug}`);
  return [...new Set(routes)];
}

/** The content pages and the newest posts (both answer at /{slug}). */
async function contentRoutes(request: APIRequestContext): Promise<string[]> {
  const pages = await getList<Slugged>(request, '/api/wp/pages');
  const posts = await getList<Slugged>(request, '/api/wp/posts?per_page=5');
  expect(pages.length).toBeGreaterThan(0);
  expect(posts.length).toBeGreaterThan(0);
  return [...pages, ...posts].map((p) => `/${p.slug}`);
}

/** The time one test may take: the config's bound for each page it visits (a list from the catalogue may be long). */
const PER_PAGE_MS = 120_000;

/**
 * Visits every route of `paths` that routes.spec.ts does not (see `visit`), with a time bound
 * that grows with the list; fails when none is left (the sweep would check nothing).
 */
async function sweep(page: Page, paths: string[], allow: { refusals: Refusal[] }) {
  const left = paths.filter((path) => !visitedByRouteSweep(path));
  expect(left.length, `routes left after routes.spec.ts's of ${paths.join(' ')}`).toBeGreaterThan(0);
  test.setTimeout(PER_PAGE_MS * (left.length + 1));
  for (const path of left) await visit(page, path, allow);
}

/** Visits `path` like a visitor arriving there, scrolling through every lazy block. */
async function visit(page: Page, path: string, allow: { refusals: Refusal[] }, refusals: Refusal[] = []) {
  allow.refusals = refusals;
  await page.goto(path);
  await settle(page);
  await renderAll(page);
}

for (const viewport of VISITOR_VIEWPORTS) {
  test.describe(`a visitor's console at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    let problems: string[];
    const allow: { refusals: Refusal[] } = { refusals: [] };

    test.beforeEach(async ({ page }) => {
      allow.refusals = [];
      problems = watchConsole(page, allow);
      await offlineVideoHost(page);
    });

    test('every category page and a search with a typo', async ({ page, request }) => {
      await sweep(page, ['/', ...(await categoryRoutes(request)), '/search?query=keybord'], allow);
      expect(problems).toEqual([]);
    });

    test('products of each type', async ({ page, request }) => {
      await sweep(page, await productRoutes(request), allow);
      expect(problems).toEqual([]);
    });

    test('content pages and posts', async ({ page, request }) => {
      await sweep(page, await contentRoutes(request), allow);
      expect(problems).toEqual([]);
    });

    test('an unknown product shows its not-found page', async ({ page }) => {
      // It answers 404: the browser's network line is expected. (An unknown page and an unknown
      // order are routes of routes.spec.ts, with their refusals.)
      await visit(page, '/keyboards/not-a-product', allow, [{ path: /^\/keyboards\/not-a-product$/, status: 404 }]);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('a cart with a refused coupon, the checkout with a refused form, and the order page', async ({ page }) => {
      test.setTimeout(PER_PAGE_MS * 4);
      await checkoutOneMouse(page);
      // A refused coupon (409) and a form the server refuses field by field (422) are expected answers.
      allow.refusals = [
        { path: /^\/api\/cart\/commands$/, status: 409 },
        { path: /^\/api\/cart\/commands$/, status: 422 },
        { path: /^\/api\/checkout\//, status: 422 },
      ];
      await page.goto('/cart');
      await page.getByLabel('Coupon code').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Coupon "NOSUCHCODE" does not exist!' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      // A German postcode of four digits passes the browser's checks; the server refuses it (422).
      await placeOrderAs(page, `console.${Date.now()}@example.com`, { postcode: '1011' });
      await expect(page.getByText('Please enter a valid postcode / ZIP (five digits).')).toBeVisible();
      await page.getByLabel('Postcode / ZIP *').fill('10119');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
      await settle(page);
      allow.refusals = [];
      await page.reload(); // the order page on its own, as from the confirmation mail's link
      await settle(page);
      expect(problems).toEqual([]);
    });

    test('a left-over staff hint costs one staff check, then the browser forgets it', async ({ page, context, baseURL }) => {
      test.setTimeout(PER_PAGE_MS * 3);
      // The session ended elsewhere (expired, logged out in another browser): the first page asks,
      // the 401 clears the hint (and spares /is-reviewer), and no later page asks again (docs/spec.md section 6).
      await context.addCookies([{ name: 'staff_hint', value: '1', url: baseURL! }]);
      const checks: string[] = [];
      page.on('response', (response) => {
        if (/\/is-(admin|reviewer)$/.test(new URL(response.url()).pathname)) checks.push(`${new URL(response.url()).pathname} ${response.status()}`);
      });
      allow.refusals = [{ path: /^\/is-admin$/, status: 401 }];
      await page.goto('/');
      await expect.poll(() => checks).toEqual(['/is-admin 401']);
      await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'staff_hint')).toBe(false);
      allow.refusals = [];
      await visit(page, '/keyboards', allow);
      await visit(page, '/cart', allow);
      expect(checks).toHaveLength(1);
      expect(problems).toEqual([]);
    });
  });
}
