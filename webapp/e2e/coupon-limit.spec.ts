import { expect, test } from '@playwright/test';

/**
 * Coupon guessing is limited per cart (docs/operations.md, Security, "Rate limits"): after the
 * per-cart number of unknown codes (5 in 10 minutes, kept real on the e2e server, see
 * scripts/test.sh) the shop answers 429 and the cart page says how long to wait.
 */
test('a shopper who tries unknown coupon codes until the limit is told how long to wait', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear()); // a new visitor: a new cart
  await page.goto('/mice/fenrir-8k');
  await page.getByRole('button', { name: /Add(ed)? to cart/ }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const total = await page.getByTestId('cart-total').textContent();

  const field = page.getByLabel('Coupon code');
  const apply = page.getByRole('button', { name: 'Apply coupon' });
  for (let n = 1; n <= 5; n++) {
    await field.fill(`GUESS${n}`);
    await apply.click();
    await expect(page.getByRole('alert').filter({ hasText: `Coupon "GUESS${n}" does not exist!` })).toBeVisible();
  }
  await field.fill('GUESS6');
  await apply.click();
  await expect(page.getByRole('alert').filter({ hasText: /^Too many coupon attempts\. Please try again in (9|10) minutes\.$/ })).toBeVisible();
  // Nothing changed in the cart, and the wait does not hold the cart back: a change still lands.
  await expect(page.getByTestId('cart-total')).toHaveText(total!);
  await expect(page.getByTestId('applied-coupon')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => ((JSON.parse(localStorage.getItem('cart') ?? '{}') as { state?: { outbox?: unknown[] } }).state?.outbox ?? []).length), { message: 'the outbox is empty' })
    .toBe(0);
});
