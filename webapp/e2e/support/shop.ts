import { expect, type Page } from '@playwright/test';

/** Shared steps of the storefront's end-to-end specs (a11y, responsive, csp). */

/** Waits until the route has rendered its heading and its data has arrived. */
export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 10_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('main [role="status"][aria-label^="Loading"]')).toHaveCount(0);
}

/** On the checkout page: fills a valid German address under `email`, accepts the terms and
 * places the order (the caller waits for the outcome it expects). */
export async function placeOrderAs(page: Page, email: string) {
  await page.getByLabel('Email address *').fill(email);
  await page.getByLabel('First name *').fill('Ada');
  await page.getByLabel('Last name *').fill('Lovelace');
  await page.getByLabel('Street address *').fill('Torstraße 1');
  await page.getByLabel('Postcode / ZIP *').fill('10119');
  await page.getByLabel('Town / City *').fill('Berlin');
  await page.getByLabel('I have read and agree to the website terms and conditions').check();
  await page.getByRole('button', { name: 'Place order' }).click();
}
