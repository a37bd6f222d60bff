import { expect, test, type Page } from '@playwright/test';
import { closeMailbox, readMailbox } from './support/mailbox';

/**
 * Checkout (docs/checkout.md), end to end against the seeded server: the visitor's location, coupons on the cart,
 * the hand-off (docs/spec.md section 4), the checkout (server-validated fields, bank transfer, idempotent
 * placing), the order page (docs/spec.md section 2) and the confirmation mail in the embedded mail sink.
 */

interface SavedCart {
  outbox: unknown[];
}

const savedCart = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{"state":{}}') as { state: SavedCart }).state);

async function flushed(page: Page) {
  await expect.poll(async () => (await savedCart(page)).outbox?.length ?? 0, { message: 'the cart outbox is empty' }).toBe(0);
}

async function addToCart(page: Page, path: string, count: number) {
  await page.goto(path);
  const buy = page.getByRole('button', { name: /Add(ed)? to cart/ });
  await expect(buy).toBeEnabled();
  // The cart link is always there ("Cart", or "Cart, 2 items"); the count badge only above 0.
  const label = await page.getByRole('link', { name: /^Cart(, \d+ items?)?$/ }).first().getAttribute('aria-label');
  const before = Number(/\d+/.exec(label ?? '')?.[0] ?? '0');
  for (let i = 1; i <= count; i++) {
    await buy.click();
    await expect(page.getByTestId('cart-count').first()).toHaveText(String(before + i));
  }
}

test.afterAll(closeMailbox);

test.beforeEach(async ({ page }) => {
  // A new visitor: nothing saved (no location, country, cart or order keys).
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('a new visitor in Germany fills a cart, applies a coupon, checks out with bank transfer and gets the confirmation mail', async ({ page, context, request, baseURL }) => {
  const orderPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkout/orders') orderPosts.push(r.headers()['idempotency-key'] ?? '');
  });

  // First visit: the location is asked for once and cached under "location" with the docs/spec.md section 3
  // fields (this server sees a loopback address: no country, EUR), so Germany/EUR stays.
  await page.goto('/keyboards/mjolnir-full-size');
  const location = await expect
    .poll(() => page.evaluate(() => localStorage.getItem('location')), { message: 'the location is cached' })
    .not.toBeNull()
    .then(() => page.evaluate(() => JSON.parse(localStorage.getItem('location')!) as Record<string, unknown>));
  expect(Object.keys(location).sort()).toEqual(['calling_code', 'city', 'country_code', 'country_name', 'currency', 'emoji_flag', 'flag', 'is_eu', 'timezone']);
  expect(location.currency).toBe('EUR');
  await expect(page.getByLabel('Ship to')).toHaveValue('DE');
  await expect(page.locator('main').getByText('€129.99').first()).toBeVisible();

  // Fill the cart (products without stock management: the suite's other specs count stock).
  await addToCart(page, '/keyboards/mjolnir-full-size', 1);
  await addToCart(page, '/mice/fenrir-8k', 1);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('€249.98');
  await expect(page.getByText('incl. 19% VAT')).toBeVisible();
  await expect(page.getByTestId('cart-tax')).toHaveText('€39.91');

  // A coupon the shop does not know: the server's message, nothing changes.
  const couponField = page.getByLabel('Coupon code');
  await couponField.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /NOSUCHCODE/i })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('€249.98');

  // WELCOME10: 10 % off, decided by the server; the discount line and the tax follow.
  await couponField.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByText('Coupon code applied successfully.')).toBeVisible();
  await expect(page.getByTestId('applied-coupon')).toContainText(/welcome10/i);
  await expect(page.getByTestId('cart-discount')).toHaveText('−€25.00');
  await expect(page.getByTestId('cart-total')).toHaveText('€224.98');
  await expect(page.getByTestId('cart-tax')).toHaveText('€35.92');
  await flushed(page);

  // The hand-off: the server cart is made to match (start_checkout with lines), then /checkout
  // with currency and country.
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?currency=EUR&country=DE$/);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('cart')!) as { state: { token: string } }).state.token);
  const events = (await (await request.get('/api/cart/events', { headers: { 'X-Cart-Token': token } })).json()) as { type: string }[];
  expect(events.map((e) => e.type)).toContain('CheckoutStarted');

  // The checkout: totals from the server's quote; DHL Paket is free over €100.00.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: /DHL Paket/ })).toBeChecked();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('Free');
  await expect(page.getByTestId('checkout-discount')).toHaveText('−€25.00');
  await expect(page.getByTestId('checkout-total')).toHaveText('€224.98');
  await expect(page.getByTestId('checkout-tax')).toHaveText('€35.92');
  await expect(page.getByRole('radio', { name: 'Direct bank transfer' })).toBeChecked();

  // Nothing filled in: every message comes from the server, next to its field.
  const place = page.getByRole('button', { name: 'Place order' });
  await place.click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email address *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Please read and accept the terms and conditions to proceed with your order.')).toBeVisible();
  await expect(page.getByLabel('Email address *')).toBeFocused();

  // A German postcode has five digits (the server says so).
  const email = `mila.${Date.now()}@example.com`;
  await page.getByLabel('Email address *').fill(email);
  await page.getByLabel('First name *').fill('Mila');
  await page.getByLabel('Last name *').fill('Berg');
  await page.getByLabel('Street address *').fill('Torstraße 1');
  await page.getByLabel('Postcode / ZIP *').fill('1011');
  await page.getByLabel('Town / City *').fill('Berlin');
  await page.getByLabel('I have read and agree to the website terms and conditions').check();
  await place.click();
  await expect(page.getByText('Please enter a valid postcode / ZIP (five digits).')).toBeVisible();
  await expect(page.getByLabel('Postcode / ZIP *')).toBeFocused();
  await page.getByLabel('Postcode / ZIP *').fill('10119');

  // Place it with a double click: one order.
  await place.dblclick();
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
  // The order key rides in the URL fragment (never sent to a server), not in the query.
  const [, orderId] = /\/order\/([^/?#]+)#key=wc_order_[\w-]+$/.exec(page.url())!;
  const overview = page.getByRole('list', { name: 'Order overview' });
  await expect(page.getByTestId('order-number')).toHaveText(orderId);
  await expect(overview).toContainText('Date:');
  await expect(page.getByTestId('order-date')).toHaveText(/^\d{1,2} [A-Z][a-z]+, \d{4}$/);
  await expect(page.getByTestId('order-total')).toHaveText('€224.98');
  await expect(page.getByTestId('order-payment-method')).toHaveText('Direct bank transfer');
  await expect(page.getByTestId('bank-reference')).toHaveText(orderId);
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  // Two refused attempts, then one request for the double click; each attempt its own key.
  expect(orderPosts).toHaveLength(3);
  expect(new Set(orderPosts).size).toBe(3);
  for (const key of orderPosts) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  // The mail sink (admins only; a visitor gets 401) holds exactly one confirmation for this order.
  await expect.poll(async () => (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).status(), { message: 'visitors are refused' }).toBe(401);
  await expect.poll(async () => (await readMailbox(baseURL, email)).length, { message: 'one confirmation mail' }).toBe(1);
  const [mail] = await readMailbox(baseURL, email);
  expect(mail.subject).toContain(`#${orderId}`);
  expect(mail.text).toContain('224.98');

  // The server cart was used up by the order.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Reopened later by the buyer: 'Order #{id}', readable with the key kept in local storage.
  await page.goto('/');
  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('€224.98');

  // Anyone else (no key, no staff session) cannot read it.
  const stranger = await context.browser()!.newPage();
  await stranger.goto(new URL(`/order/${orderId}`, page.url()).toString());
  await expect(stranger.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(stranger.getByText('We could not find this order.', { exact: false })).toBeVisible();
  await expect(stranger.getByTestId('order-total')).toHaveCount(0);
  await stranger.close();
});

test('switching to the United States shows USD and its tax, on the cart and in the checkout', async ({ page }) => {
  await addToCart(page, '/keyboards/mjolnir-full-size', 2);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('€259.98');
  await expect(page.getByText('incl. 19% VAT')).toBeVisible();
  await expect(page.getByTestId('cart-tax')).toHaveText('€41.51');

  // The footer's selector sets the country (the header's follows): the cart's set_country.
  await page.getByRole('contentinfo').getByLabel('Shipping country').selectOption('US');
  await expect(page.getByLabel('Ship to')).toHaveValue('US');
  await expect(page.getByTestId('cart-total')).toHaveText('$279.98');
  // a zero rate: no tax line at all (docs/spec.md section 9 "Tax lines")
  await expect(page.getByTestId('cart-tax')).toHaveCount(0);
  await flushed(page);

  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?currency=USD&country=US$/);
  await expect(page.getByRole('radio', { name: /Standard international/ })).toBeChecked();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('Free'); // free over $150.00
  await expect(page.getByTestId('checkout-total')).toHaveText('$279.98');
  await expect(page.getByTestId('checkout-tax')).toHaveCount(0);
  await page.getByRole('radio', { name: /Express international/ }).check();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$39.90');
  await expect(page.getByTestId('checkout-total')).toHaveText('$319.88');

  // The country is the cart's, and changing it here re-prices: Canada has a 5 % GST.
  await page.getByLabel('Country / Region').selectOption('CA');
  await expect(page.getByText('incl. 5% GST')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$319.88');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$15.23');
  await expect(page.getByLabel('Ship to')).toHaveValue('CA');
});

test("the first visit's country comes from the location answer when we ship there", async ({ browser, baseURL }) => {
  // A browser that has never been here (no page of beforeEach racing its own location lookup).
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // This server sees a loopback address; stand in for GET /api/location of a US address.
  let lookups = 0;
  await page.route('**/api/location', (route) => {
    lookups += 1;
    return route.fulfill({
      json: {
        country_code: 'US', country_name: 'United States', currency: 'USD', city: 'Seattle', calling_code: '+1',
        is_eu: false, emoji_flag: '🇺🇸', flag: null, timezone: 'America/Los_Angeles',
      },
    });
  });
  await page.goto('/keyboards/mjolnir-full-size');
  await expect(page.getByLabel('Ship to')).toHaveValue('US');
  await expect(page.locator('main').getByText('$139.99').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('location') ?? '{}') as { country_code?: string }).country_code)).toBe('US');

  // A choice wins, also over the cached guess on the next visit; the location is asked once.
  await page.getByLabel('Ship to').selectOption('DE');
  await page.reload();
  await expect(page.getByLabel('Ship to')).toHaveValue('DE');
  await expect(page.locator('main').getByText('€129.99').first()).toBeVisible();
  expect(lookups).toBe(1);
  await context.close();
});
