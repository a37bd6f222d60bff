import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The server-backed cart: commands are applied at once in the page, queued in a persistent outbox
 * and sent with an Idempotency-Key; offline changes land exactly once when the browser is back
 * online, and every count change is reported to analytics exactly once.
 */

interface SavedCart {
  token: string | null;
  outbox: { id: string; command: { type: string } }[];
  analytics: { event_id: string }[];
  items: { id: number; variationId: number | null; count: number }[];
}

const saved = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{"state":{}}') as { state: SavedCart }).state);

async function serverCart(request: APIRequestContext, token: string) {
  const response = await request.get('/api/cart', { headers: { 'X-Cart-Token': token } });
  expect(response.ok()).toBe(true);
  type ServerCart = { version: number; lines: { line_id: string; product_id: number; count: number }[]; totals: { total: number } };
  return ((await response.json()) as { cart: ServerCart }).cart;
}

async function flushed(page: Page) {
  await expect.poll(async () => (await saved(page)).outbox?.length ?? 0, { message: 'the command outbox is empty' }).toBe(0);
}

test('cart commands survive reloads and offline spells and land once; analytics are recorded once each', async ({ page, context }) => {
  // Every analytics hit the page sends (retries included), by event_id in first-sent order.
  const gaHits = new Map<string, { name: string; productId: string; quantity: string }>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const id = url.searchParams.get('event_id');
    if (!url.pathname.startsWith('/api/ga/') || !id || gaHits.has(id)) return;
    gaHits.set(id, { name: url.pathname.split('/').pop()!, productId: url.searchParams.get('product_id')!, quantity: url.searchParams.get('quantity')! });
  });

  await page.goto('/');
  await page.evaluate(() => localStorage.clear());

  // Add a product (stock 3): the tick shows for 1500 ms, the header counts it.
  await page.goto('/keyboards/tyr-tkl');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Added to cart' })).toBeVisible();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await flushed(page);
  const { token } = await saved(page);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  let cart = await serverCart(page.request, token!);
  expect(cart.version).toBe(2); // Started + ItemAdded
  expect(cart.lines.map((l) => [l.line_id, l.product_id, l.count])).toEqual([['L1', 1103, 1]]);

  // Change the count on the cart page.
  await page.goto('/cart');
  const tyr = page.getByTestId('cart-line').filter({ hasText: 'Tyr TKL' });
  await tyr.getByLabel('Quantity for Tyr TKL').selectOption('2');
  await expect(tyr.getByTestId('line-subtotal')).toHaveText(/€279\.98/);
  await flushed(page);
  expect((await serverCart(page.request, token!)).version).toBe(3);

  // Reload with only the token kept: the cart comes back from the server.
  await page.evaluate(() => {
    const data = JSON.parse(localStorage.getItem('cart')!) as { state: Record<string, unknown> };
    data.state = { ...data.state, server: null, items: [], facts: {} };
    localStorage.setItem('cart', JSON.stringify(data));
  });
  await page.reload();
  await expect(page.getByLabel('Quantity for Tyr TKL')).toHaveValue('2');
  await expect(page.getByTestId('cart-total')).toHaveText('€279.98');
  await expect(page.getByText('incl. 19% VAT')).toBeVisible();

  // Offline on a product page: two adds are shown at once and queued.
  await page.goto('/keyboards/mjolnir-full-size');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('3');
  await page.getByRole('button', { name: /Add(ed)? to cart/ }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('4');
  await expect.poll(async () => (await saved(page)).outbox.map((e) => e.command.type)).toEqual(['add', 'add']);
  expect((await serverCart(page.request, token!)).version).toBe(3); // nothing reached the server
  await context.setOffline(false);
  await flushed(page);
  cart = await serverCart(page.request, token!);
  expect(cart.version).toBe(5);
  expect(cart.lines.map((l) => [l.line_id, l.product_id, l.count])).toEqual([
    ['L1', 1103, 2],
    ['L2', 1104, 2],
  ]);

  // Offline on the cart page: 0 reveals Remove, remove it, raise the other line; then online.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await context.setOffline(true);
  const mjolnir = page.getByTestId('cart-line').filter({ hasText: 'Mjolnir' });
  await mjolnir.getByLabel(/Quantity for/).selectOption('0');
  await mjolnir.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByLabel('Quantity for Tyr TKL').selectOption('3');
  await expect(page.getByTestId('cart-total')).toHaveText('€419.97');
  await expect(page.getByTestId('cart-sync')).toHaveText('Saving your changes…');
  await expect(page.getByTestId('cart-count').first()).toHaveText('3');
  expect((await serverCart(page.request, token!)).version).toBe(5);
  await context.setOffline(false);
  await flushed(page);
  await expect(page.getByTestId('cart-sync')).toHaveText('');

  // Every queued command landed exactly once.
  cart = await serverCart(page.request, token!);
  expect(cart.version).toBe(8);
  expect(cart.lines.map((l) => [l.line_id, l.count])).toEqual([['L1', 3]]);
  expect(cart.totals.total).toBe(41997);
  const events = (await (await page.request.get('/api/cart/events', { headers: { 'X-Cart-Token': token! } })).json()) as { type: string }[];
  expect(events.map((e) => e.type)).toEqual([
    'Started',
    'ItemAdded',
    'ItemCountSet',
    'ItemAdded',
    'ItemCountSet',
    'ItemCountSet',
    'ItemRemoved',
    'ItemCountSet',
  ]);

  // And the page agrees after a reload.
  await page.reload();
  await expect(page.getByLabel('Quantity for Tyr TKL')).toHaveValue('3');
  await expect(page.getByTestId('cart-total')).toHaveText('€419.97');

  // Analytics: +1, +1 (Tyr), +1, +1 (Mjolnir), -2 (Mjolnir to 0; its Remove at 0 reports nothing), +1 (Tyr).
  await expect.poll(async () => (await saved(page)).analytics.length, { message: 'the analytics outbox is empty' }).toBe(0);
  expect([...gaHits.values()].map((h) => `${h.name} ${h.productId} ${h.quantity}`)).toEqual([
    'added-to-cart 1103 1',
    'added-to-cart 1103 1',
    'added-to-cart 1104 1',
    'added-to-cart 1104 1',
    'removed-from-cart 1104 2',
    'added-to-cart 1103 1',
  ]);
  // The server has each one already: sending it again records nothing.
  for (const [eventId, hit] of gaHits) {
    const again = await page.request.get(`/api/ga/${hit.name}?cid=e2e-check&product_id=${hit.productId}&quantity=${hit.quantity}&event_id=${eventId}`);
    expect(again.ok()).toBe(true);
    expect(await again.json()).toEqual({ recorded: false });
  }
});

test('a refusal is shown and nothing is queued: the fourth unit of a product with stock 3', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/keyboards/tyr-tkl');
  const buy = page.getByRole('button', { name: /Add(ed)? to cart/ });
  for (let i = 1; i <= 3; i++) {
    await buy.click();
    await expect(page.getByTestId('cart-count').first()).toHaveText(String(i));
  }
  await buy.click();
  await expect(page.getByText('You already have the most of Tyr TKL we can sell you.')).toBeVisible();
  await expect(page.getByTestId('cart-count').first()).toHaveText('3');
  await flushed(page);
  const { token } = await saved(page);
  const cart = await serverCart(page.request, token!);
  expect(cart.version).toBe(4); // Started + 3 adds; the refused fourth never left the browser
});
