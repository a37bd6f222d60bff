import { expect, type Page } from '@playwright/test';

/** Shared steps of the storefront's end-to-end specs (a11y, responsive, csp, blocks, checkout and orders). */

/** Deferred.tsx's DEFER_MARGIN_PX: a placeholder this close to the viewport renders its block. */
const DEFER_MARGIN_PX = 600;

/**
 * Waits until the route has rendered its heading and its data has arrived, no search is in
 * flight (the search page dims its results while one is: `data-searching`) and no CSS transition
 * or finite animation is running (axe measures colour contrast on what is painted, so a fade
 * caught half way reads as low contrast). Conditions only, never a fixed time.
 */
export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('main [role="status"][aria-label^="Loading"]')).toHaveCount(0);
  await expect(page.locator('main [data-searching]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Scrolls down the whole page one screen at a time, at each stop waiting until no on-demand block
 * placeholder (`[data-deferred]`: Deferred.tsx's, and BlockList.tsx's while a block's code loads,
 * src/features/content-blocks/components/) is left within its load margin of the viewport, until
 * none is left on the page, then back to the top: every lazy block has rendered.
 * It waits for that condition, never for a fixed time, so a slow machine only takes longer.
 */
export async function renderAll(page: Page) {
  await page.evaluate(async (margin) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const pendingNearViewport = () =>
      [...document.querySelectorAll('[data-deferred]')].some((el) => {
        if (el.getClientRects().length === 0) return false; // not laid out (display: none): never observed as visible
        const box = el.getBoundingClientRect();
        return box.bottom > -margin && box.top < window.innerHeight + margin;
      });
    const pendingAnywhere = () => [...document.querySelectorAll('[data-deferred]')].some((el) => el.getClientRects().length > 0);
    do {
      // Again while any placeholder is left (a block list rendered anew while we scrolled).
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo({ top: y, behavior: 'instant' });
        do await frame(); while (pendingNearViewport());
      }
    } while (pendingAnywhere());
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, DEFER_MARGIN_PX);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** On the checkout page: fills a valid German address under `email` (or with another `postcode`),
 * accepts the terms and places the order (the caller waits for the outcome it expects). */
export async function placeOrderAs(page: Page, email: string, { postcode = '10119' }: { postcode?: string } = {}) {
  await page.getByLabel('Email address *').fill(email);
  await page.getByLabel('First name *').fill('Ada');
  await page.getByLabel('Last name *').fill('Lovelace');
  await page.getByLabel('Street address *').fill('Torstraße 1');
  await page.getByLabel('Postcode / ZIP *').fill(postcode);
  await page.getByLabel('Town / City *').fill('Berlin');
  await page.getByLabel('I have read and agree to the website terms and conditions').check();
  await page.getByRole('button', { name: 'Place order' }).click();
}

/** From a fresh visit (local storage cleared): one Fenrir 8K mouse (no stock management) in the
 * cart, handed off to the checkout page (German address, EUR, bank transfer preselected). */
export async function checkoutOneMouse(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/mice/fenrir-8k');
  const buy = page.getByRole('button', { name: /Add(ed)? to cart/ });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}
