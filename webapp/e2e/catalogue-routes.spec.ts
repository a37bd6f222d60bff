import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

/**
 * Catalogue routes and category pages (docs/spec.md sections 2.1 and 2.5): a category created in
 * the data after start-up opens with its products; unknown URLs answer 404 with the not-found
 * page; the first product is above the fold on every category page; the sort is server-side and
 * kept in the URL; quick add puts a simple product in the cart.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CATEGORY_PATHS = [
  '/headsets', '/headset-accessories', '/headset-spare-parts', '/keyboards', '/keyboard-accessories', '/keyboard-switches',
  '/custom-keyboard-parts', '/keyboard-spare-parts', '/mice', '/mouse-accessories', '/custom-mouse-parts', '/mouse-spare-parts',
  '/mousepads', '/microphones', '/mic-accessories', '/merch',
];

/** A "Hoodies" category with one product, written straight to the server's database (as an import would). */
function createHoodies(): void {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL of the server under test.');
  const venv = `${ROOT}.venv/bin/python`;
  const script = `
from services.catalog.models import Category, Product
from services.shared.db import session_scope
with session_scope() as s:
    if s.query(Category).filter_by(slug="hoodies").first() is None:
        c = Category(id=990001, slug="hoodies", name="Hoodies")
        s.add(c)
        p = Product(id=990002, name="Halvard Team Hoodie", slug="halvard-team-hoodie", sku="E2E-HOODIE",
                    regular_price_eur=5900, regular_price_usd=6900, stock_status="instock")
        p.categories = [c]
        s.add(p)
`;
  execFileSync(existsSync(venv) ? venv : 'python', ['-c', script], { cwd: ROOT, env: process.env, stdio: 'pipe' });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('acceptCookies', 'true'));
});

const firstCard = (page: Page) => page.locator('main article').first();
/** The list of product cards the first card sits in. */
const firstGrid = (page: Page) => firstCard(page).locator('xpath=ancestor::ul[1]');
/** How many columns a product grid lays out: the tracks of its computed grid-template-columns. */
const columnsOf = (grid: ReturnType<Page['locator']>) =>
  grid.evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.trim().split(/\s+/).length);

test('a category created in the data opens with its products, and its product too', async ({ page }) => {
  createHoodies();
  const answer = await page.goto('/hoodies');
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoodies' })).toBeVisible();
  await page.getByRole('link', { name: /Halvard Team Hoodie/ }).first().click();
  await expect(page).toHaveURL(/\/hoodies\/halvard-team-hoodie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Halvard Team Hoodie' })).toBeVisible();
  expect((await page.request.get('/hoodies/halvard-team-hoodie')).status()).toBe(200);
});

test('unknown category, product and page URLs answer 404 with the not-found page and no page error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/no-such-category', '/keyboards/not-a-product', '/keyboards/keyboard-switches/not-a-product', '/a/b/c/d']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  // following a link inside the app to an unknown product shows the same page
  await page.goto('/keyboards');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/keyboards/not-a-product');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 812 }]) {
  test(`the first product is above the fold on every category page at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(360_000); // 16 pages in one test: a bound for a loaded machine, not a speed target
    await page.setViewportSize(viewport);
    for (const path of CATEGORY_PATHS) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      const title = firstCard(page).getByRole('heading', { level: 3 });
      await expect(title, path).toBeVisible();
      const box = await title.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.y + box!.height, `${path}: the first product's name ends inside the first screen`).toBeLessThanOrEqual(viewport.height);
      if (viewport.width === 1280) expect(await columnsOf(firstGrid(page)), path).toBeGreaterThanOrEqual(3);
    }
  });
}

test("a product grid shows 1 to 4 per row by its own width, at the spec's thresholds", async ({ page }) => {
  // docs/spec.md section 2: 600 / 920 / 1180 px of the grid itself (CSS container queries).
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/keyboards');
  const grid = firstGrid(page);
  await expect(grid).toBeVisible();
  const seen: [number, number][] = [];
  for (const width of [599, 600, 919, 920, 1179, 1180]) {
    await grid.evaluate((ul, w) => { (ul.parentElement as HTMLElement).style.width = `${w}px`; }, width);
    seen.push([width, await columnsOf(grid)]);
  }
  expect(seen).toEqual([[599, 1], [600, 2], [919, 2], [920, 3], [1179, 3], [1180, 4]]);
});

test('the sort reorders the products on the server and stays in the URL', async ({ page }) => {
  await page.goto('/keyboards');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('menu_order');
  await sort.selectOption('price');
  await expect(page).toHaveURL(/\/keyboards\?orderby=price$/);
  const names = page.locator('main article h3');
  await expect(page.getByRole('navigation', { name: 'Keyboards groups' })).toHaveCount(0); // one sorted list
  const ascending = await names.allTextContents();
  expect(ascending.length).toBeGreaterThan(3);
  await sort.selectOption('price-desc');
  await expect(page).toHaveURL(/\/keyboards\?orderby=price-desc$/);
  await expect.poll(() => names.allTextContents()).not.toEqual(ascending);
  const descending = await names.allTextContents();
  expect(descending[0]).not.toBe(ascending[0]);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
  await expect(names).toHaveText(descending);
});

test('quick add puts a simple product in the cart from the category page', async ({ page }) => {
  await page.goto('/headset-accessories'); // simple, in-stock products (the mousepads come in sizes)
  const add = page.locator('main article').getByRole('button', { name: /^Add to cart\s*:/ }).first();
  const label = (await add.getAttribute('aria-label')) ?? (await add.textContent()) ?? '';
  const name = label.replace(/^Add to cart\s*:\s*/, '').trim();
  expect(name.length).toBeGreaterThan(0);
  await add.click();
  await expect(page.locator('main article').getByRole('status').filter({ hasText: `${name} added to your cart` })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line').filter({ hasText: name })).toBeVisible();
});

test("a category page's shell preloads its data, and the page's own reads reuse those responses", async ({ page }) => {
  const html = await (await page.request.get('/keyboards')).text();
  const preloaded = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  expect(preloaded).toEqual(expect.arrayContaining(['/api/wc/products/categories?slug=keyboards', '/api/wc/filters']));
  expect(preloaded.some((href) => /^\/api\/wc\/products\?category=\d+&per_page=100$/.test(href))).toBe(true);
  expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/media\/[^"]+">/);

  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search);
  });
  await page.goto('/keyboards');
  await expect(firstCard(page)).toBeVisible();
  for (const href of preloaded) expect(requested.filter((r) => r === href), href).toHaveLength(1);
  // The layout's reads come written into the shell (services/api/page_shell.py): none is fetched,
  // and the header and footer show what they carry.
  for (const path of ['/api/wp/menus', '/api/wc/data/countries', '/api/company', '/api/checkout/payment-methods']) {
    expect(html).toContain(`"${path}":`);
    expect(requested, path).not.toContain(path);
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Keyboards' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test("the layout paints before the page's own code arrives, and the page then takes the loading block's place", async ({ page }) => {
  // Hold the catalogue route's chunks: the header and footer must not wait for them (the layout's
  // data comes in the shell, services/api/page_shell.py), the page's place shows the loading block.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/catalog(ue)?-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/keyboards', { waitUntil: 'commit' });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Keyboards' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).not.toBeInViewport();
  release();
  await expect(firstCard(page)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
});
