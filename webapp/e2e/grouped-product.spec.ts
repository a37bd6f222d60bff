import { expect, test, type Page } from '@playwright/test';

/**
 * A grouped product's page (docs/spec.md section 10.1): the demo's Desk Starter Set (1507) lists
 * its children, each with its own buy button; adding two of them puts those two (never the set)
 * in the server cart.
 */

type SavedCart = { token: string | null; outbox?: unknown[] };

const saved = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{"state":{}}') as { state: SavedCart }).state);

test.beforeEach(async ({ page }) => {
  // A new visitor: empty cart, default country (EUR).
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('a grouped product page adds two of its children to the cart', async ({ page }) => {
  await page.goto('/merch/desk-starter-set');
  await expect(page.getByRole('heading', { level: 1, name: 'Desk Starter Set' })).toBeVisible();
  const set = page.getByRole('list', { name: 'Products in this set' });
  const rows = set.getByTestId('grouped-child');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('product-price')).toHaveCount(0); // no price of its own

  const pad = rows.filter({ hasText: 'Fjord M Control' });
  const keychain = rows.filter({ hasText: 'Keycap Keychain' });
  await expect(pad).toContainText('€24.99');
  await pad.getByRole('button', { name: 'Add to cart' }).click();
  await expect(pad.getByRole('button', { name: 'Added to cart' })).toBeVisible();
  await keychain.getByRole('button', { name: 'Add to cart' }).click();
  await expect(keychain.getByRole('button', { name: 'Added to cart' })).toBeVisible();
  await expect(page.getByTestId('cart-count').first()).toHaveText('2');

  // The server's cart holds the two children, and only them.
  await expect.poll(async () => (await saved(page)).outbox?.length ?? 0, { message: 'the command outbox is empty' }).toBe(0);
  const { token } = await saved(page);
  const response = await page.request.get('/api/cart', { headers: { 'X-Cart-Token': token! } });
  expect(response.ok()).toBe(true);
  const { cart } = (await response.json()) as { cart: { lines: { product_id: number; count: number }[] } };
  expect(cart.lines.map((line) => [line.product_id, line.count])).toEqual([
    [1302, 1],
    [1506, 1],
  ]);
});
