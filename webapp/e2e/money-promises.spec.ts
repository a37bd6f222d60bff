import { expect, test, type Page } from '@playwright/test';

/**
 * Money and promises in the shopper's terms (docs/spec.md sections 2.3 "Shipping promise", 2.11 and 9
 * "Tax lines"): a shopper in the United States sees dollars only, the shipping promise of the
 * rates data in dollars and no zero tax line; a line capped by stock offers only the counts the
 * shop can sell and says why.
 */

/** A euro amount in any form: "€99", "€ 1,234.50", "99 EUR", "99€". */
const EURO_AMOUNT = /€\s*\d|\d\s*€|\d\s*EUR\b/;

async function chooseUnitedStates(page: Page) {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('country', JSON.stringify({ state: { code: 'US', name: 'United States', currency: 'USD', source: 'user' }, version: 2 }));
  });
  await page.reload();
  await expect(page.getByLabel('Ship to')).toHaveValue('US');
}

/** The page's visible text, once the shipping promise has landed, holds no euro amount. */
async function expectDollarsOnly(page: Page) {
  await expect(page.getByTestId('shipping-promise').first()).toHaveText('Free shipping on orders over $150');
  const text = await page.locator('body').innerText();
  expect(text, `no euro amount on ${page.url()}`).not.toMatch(EURO_AMOUNT);
  expect(text).not.toMatch(/MwSt|Sales tax|incl\. 0%/);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a US shopper sees dollars, the promise of the rates data in dollars and no zero tax line on every page', async ({ page }) => {
      await chooseUnitedStates(page);
      await expectDollarsOnly(page); // home

      await page.goto('/keyboards');
      await expect(page.locator('main').getByText(/\$\d/).first()).toBeVisible();
      await expectDollarsOnly(page);

      await page.goto('/keyboards/mjolnir-full-size');
      const buy = page.getByRole('button', { name: 'Add to cart' });
      await expect(buy).toBeEnabled();
      // under the buy button: the same promise, from the rates data
      await expect(page.locator('main').getByTestId('shipping-promise')).toHaveText('Free shipping on orders over $150');
      await expectDollarsOnly(page);
      await buy.click();
      await expect(page.getByTestId('cart-count').first()).toHaveText('1');

      await page.goto('/cart');
      await expect(page.getByTestId('cart-total')).toHaveText(/^\$\d/);
      await expect(page.getByTestId('cart-tax')).toHaveCount(0);
      await expectDollarsOnly(page);

      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\?currency=USD&country=US$/);
      await expect(page.getByTestId('checkout-shipping')).toHaveText(/^(\$\d|Free)/);
      await expect(page.getByTestId('checkout-total')).toHaveText(/^\$\d/);
      await expect(page.getByTestId('checkout-tax')).toHaveCount(0);
      await expectDollarsOnly(page);
    });
  });
}

test('a German shopper sees the promise in euros and the tax as "incl. 19% VAT"', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('country', JSON.stringify({ state: { code: 'DE', name: 'Germany', currency: 'EUR', source: 'user' }, version: 2 }));
  });
  await page.reload();
  await expect(page.getByTestId('shipping-promise').first()).toHaveText('Free shipping on orders over €100');
  // choosing France follows the rates of its zone
  await page.getByRole('contentinfo').getByLabel('Shipping country').selectOption('FR');
  await expect(page.getByTestId('shipping-promise').first()).toHaveText('Free shipping on orders over €150');
  await page.getByRole('contentinfo').getByLabel('Shipping country').selectOption('DE');

  await page.goto('/keyboards/mjolnir-full-size');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByText('incl. 19% VAT')).toBeVisible();
  await expect(page.getByText('Subtotal', { exact: true })).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText('MwSt');
});

test('a line capped by stock offers only 0 to 2 and says "Only 2 in stock"', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/mousepads/glint-glass-pad');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');

  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: 'Glint Glass Pad' });
  const select = line.getByLabel('Quantity for Glint Glass Pad');
  await expect(select.locator('option')).toHaveText(['0', '1', '2']);
  await expect(line.getByText('Only 2 in stock')).toBeVisible();
  await expect(select).toHaveAttribute('aria-describedby', /.+/);

  await select.selectOption('2');
  await expect(page.getByTestId('cart-count').first()).toHaveText('2');
  await expect(page.getByTestId('cart-sync')).toHaveText('');
  await expect(select).toHaveValue('2'); // no snap-back: the server allowed it
  await expect(page.getByRole('alert')).toHaveCount(0);
});
