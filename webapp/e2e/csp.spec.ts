import { expect, test, type Page } from '@playwright/test';
import { placeOrderAs, renderAll, settle } from './support/shop';

/**
 * The storefront runs under its Content-Security-Policy (docs/operations.md, Security:
 * `script-src 'self'`, no inline script, no eval, frames only the YouTube no-cookie player).
 * One test per kind of route (the route list of a11y.spec.ts): each fails on any console
 * message or `securitypolicyviolation` event about the Content Security Policy, and checks
 * the policy really came with the page.
 */

const SIMPLE_PRODUCT = '/keyboards/mjolnir-full-size';
const VARIABLE_PRODUCT = '/headsets/bragi-pro-wireless';
const VIDEO_PRODUCT = '/keyboards/odin-75-wireless'; // content blocks with a video carousel

const THUMBNAIL = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#333"/></svg>';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Collects CSP reports from the console and from `securitypolicyviolation` events. */
async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) found.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  // The tests run offline: the video provider's thumbnails and player are answered locally.
  await page.route(/^https:\/\/(i\.ytimg\.com|[a-z.]*youtube(-nocookie)?\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: THUMBNAIL }),
  );
  return found;
}


async function expectNoViolation(page: Page, found: string[]) {
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  expect([...found, ...events]).toEqual([]);
}

async function visit(page: Page, path: string) {
  const found = await watchCsp(page);
  const response = await page.goto(path);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  await settle(page);
  await renderAll(page); // on-demand blocks and images load too
  await expectNoViolation(page, found);
}

const ROUTES: [string, string][] = [
  ['home', '/'],
  ['a top category', '/keyboards'],
  ['a sub-category', '/keyboard-switches'],
  ['a configurator category', '/customize'],
  ['the keyboard builder', '/custom-keyboard-builder'],
  ['a simple product', SIMPLE_PRODUCT],
  ['a variable product', VARIABLE_PRODUCT],
  ['search', '/search?query=odin'],
  ['news', '/news'],
  ['a post', '/skadi-ergo-white-restock'],
  ['the cookies policy', '/cookies-policy'],
  ['a generic page', '/about'],
  ['contact', '/contact'],
  ['an empty cart', '/cart'],
  ['a missing page (404)', '/this-page-does-not-exist'],
  ['an unknown order', '/order/123456'],
  ['staff login', '/staff/login'],
];

for (const [name, path] of ROUTES) {
  test(`${name} (${path}) runs under the CSP`, async ({ page }) => {
    await visit(page, path);
  });
}

test('a product with a video block, playing the video, runs under the CSP', async ({ page }) => {
  await visit(page, VIDEO_PRODUCT);
  const play = page.getByRole('button', { name: /^Play video:/ }).first();
  await play.scrollIntoViewIfNeeded();
  await play.click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').first()).toBeAttached();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expectNoViolation(page, []);
});

async function addToCart(page: Page) {
  await page.goto(SIMPLE_PRODUCT);
  const buy = page.getByRole('button', { name: 'Add to cart' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
}

test('the cart with an item runs under the CSP', async ({ page }) => {
  const found = await watchCsp(page);
  await addToCart(page);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await settle(page);
  await expectNoViolation(page, found);
});

test('the checkout and the order page run under the CSP', async ({ page }) => {
  const found = await watchCsp(page);
  await addToCart(page);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await settle(page);
  await expectNoViolation(page, found);

  await placeOrderAs(page, `csp.${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
  await settle(page);
  await expectNoViolation(page, found);
});
