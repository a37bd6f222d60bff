import { expect, test, type Browser, type Page } from '@playwright/test';
import { placeOrderAs } from './support/shop';
import { adminAccount, supportAccount, type StaffAccount } from './support/staff';

/**
 * The support console (docs/spec.md section 2.14), end to end against the seeded server: a
 * shopper fills a cart, is refused one coupon and given another, orders, and reads the support
 * reference on the cart and order pages; a support user finds the cart by the order number and
 * by that reference, steps through its history and exports it; the admin reads the audit rows.
 */

const savedCart = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{"state":{}}') as { state: { outbox?: unknown[] } }).state);

async function flushed(page: Page) {
  await expect.poll(async () => (await savedCart(page)).outbox?.length ?? 0, { message: 'the cart outbox is empty' }).toBe(0);
}

async function addToCart(page: Page, path: string) {
  await page.goto(path);
  const label = await page.getByRole('link', { name: /^Cart(, \d+ items?)?$/ }).first().getAttribute('aria-label');
  const before = Number(/\d+/.exec(label ?? '')?.[0] ?? '0');
  const buy = page.getByRole('button', { name: /Add(ed)? to cart/ });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page.getByTestId('cart-count').first()).toHaveText(String(before + 1));
}

async function signedIn(browser: Browser, account: StaffAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/staff/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/staff\/login/);
  return page;
}

test('a shopper orders; support finds the cart by order number and reference, steps through it and exports it; the admin reads the audit', async ({ page, browser }) => {
  // The shopper.
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await addToCart(page, '/keyboards/mjolnir-full-size');
  await addToCart(page, '/mice/fenrir-8k');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const couponField = page.getByLabel('Coupon code');
  await couponField.fill('SPRINGFLING');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /SPRINGFLING/i })).toBeVisible();
  await couponField.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByText('Coupon code applied successfully.')).toBeVisible();
  await flushed(page);
  const shown = page.getByText(/Support reference:/);
  await expect(shown).toBeVisible();
  const reference = /([0-9A-Z]{3}-[0-9A-Z]{3})/.exec((await shown.textContent()) ?? '')![1];
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await placeOrderAs(page, `ada.${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
  const orderId = /\/order\/(\d+)(#|$)/.exec(page.url())![1];
  await expect(page.getByText(`Support reference: ${reference}`)).toBeVisible();

  // Support: by order number.
  const support = await signedIn(browser, supportAccount());
  await support.goto('/support');
  await expect(support.getByRole('heading', { level: 1, name: 'Support console' })).toBeVisible();
  const search = support.getByLabel('Find a cart');
  await search.fill(orderId);
  await support.getByRole('button', { name: 'Search' }).click();
  const byOrder = support.getByRole('row').filter({ hasText: reference });
  await expect(byOrder).toHaveCount(1);
  await expect(byOrder).toContainText(orderId);

  // By the reference the shopper reads out, typed the way people type it.
  await search.fill(reference.toLowerCase().replace('-', ' '));
  await support.getByRole('button', { name: 'Search' }).click();
  await expect(support.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  await support.getByRole('row').filter({ hasText: reference }).getByRole('link').first().click();

  // The timeline: the refusal as the shopper read it, the coupon, the order.
  await expect(support.getByText(/Refused: Coupon "springfling" does not exist!/i)).toBeVisible();
  await expect(support.getByText(/Applied coupon welcome10/)).toBeVisible();
  await expect(support.getByText(new RegExp(`Order ${orderId} placed`))).toBeVisible();

  // Step through it: the first version, then the next; the URL follows.
  const slider = support.getByRole('slider', { name: 'Version' });
  await slider.focus();
  await support.keyboard.press('Home');
  await expect(support).toHaveURL(/[?&]version=1\b/);
  await support.getByRole('button', { name: 'Next' }).click();
  await expect(support).toHaveURL(/[?&]version=2\b/);
  await expect(slider).toHaveValue('2');

  // Export as CSV: a file named after the reference, one row per event.
  const download = support.waitForEvent('download');
  await support.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^cart-${reference}-v\\d+\\.csv$`));

  // The admin reads the audit log: the support user's searches, timeline reads and the export.
  const admin = await signedIn(browser, adminAccount());
  await admin.goto('/support/audit');
  const rows = admin.getByRole('row').filter({ hasText: supportAccount().email });
  await expect(rows.filter({ hasText: 'export_csv' })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: 'timeline' })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: 'search' })).not.toHaveCount(0);
});

test('the console is for staff with the support role', async ({ page, browser }) => {
  await page.goto('/support');
  await expect(page.getByText('Sign in as staff to use the support console.')).toBeVisible();
  const support = await signedIn(browser, supportAccount());
  await support.goto('/support/audit');
  await expect(support.getByText('Only admins can read the audit log.')).toBeVisible();
});
