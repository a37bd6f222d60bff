import { expect, test } from '@playwright/test';
import { renderAll, settle } from './support/shop';
import { VIDEO_PRODUCT, expectNoCspViolation, expectStorefrontPolicy, offlineVideoHost, watchCsp } from './support/visit';

/**
 * The storefront runs under its Content-Security-Policy (docs/operations.md, Security:
 * `script-src 'self'`, no inline script, no eval, frames only the YouTube no-cookie player).
 * Every route a new visitor opens directly is checked by e2e/routes.spec.ts, the cart, the
 * checkout and the order page with an item by e2e/a11y.spec.ts (both with support/visit.ts's
 * `watchCsp`); here, what only a click starts: the video player's frame.
 */

test('a product with a video block, playing the video, runs under the CSP', async ({ page }) => {
  const found = await watchCsp(page);
  await offlineVideoHost(page);
  const response = await page.goto(VIDEO_PRODUCT);
  expectStorefrontPolicy(response?.headers()['content-security-policy']);
  await settle(page);
  await renderAll(page);
  const play = page.getByRole('button', { name: /^Play video:/ }).first();
  await play.scrollIntoViewIfNeeded();
  await play.click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').first()).toBeAttached();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expectNoCspViolation(page, found);
});
