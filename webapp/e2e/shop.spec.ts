import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  // Every test starts as a new visitor: empty cart, default country.
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('a shopper finds a keyboard through the menu, adds it to the cart and pays in USD', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();

  // Keyboards is a dropdown; its own link sits last inside it.
  await nav.getByRole('button', { name: 'Keyboards' }).click();
  await nav.getByRole('list', { name: 'Keyboards' }).getByRole('link', { name: 'Keyboards', exact: true }).click();
  await expect(page).toHaveURL(/\/keyboards$/);
  await expect(page.getByRole('heading', { level: 1, name: /keyboards/i })).toBeVisible();

  // Open a simple in-stock product.
  await page.getByRole('link', { name: /Tyr TKL/i }).click();
  await expect(page).toHaveURL(/\/keyboards\/tyr-tkl$/);
  await expect(page.getByRole('heading', { level: 1, name: /Tyr TKL/i })).toBeVisible();
  const price = page.locator('main').getByText('€139.99').first();
  await expect(price).toBeVisible();

  const buy = page.getByRole('button', { name: 'Add to cart' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page.getByRole('button', { name: 'Added to cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');

  // Cart page shows the line with its subtotal.
  await page.getByRole('link', { name: 'Cart, 1 item' }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('heading', { name: /Tyr TKL/i })).toBeVisible();
  await expect(line.getByTestId('line-subtotal')).toHaveText(/€139\.99/);
  await line.getByLabel(/Quantity for Tyr TKL/).selectOption('2');
  await expect(line.getByTestId('line-subtotal')).toHaveText(/€279\.98/);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('€279.98');
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();

  // Ship to the United States: prices switch to USD.
  await page.getByLabel('Ship to').selectOption('US');
  await expect(line.getByTestId('line-subtotal')).toHaveText(/\$299\.98/);
  await expect(page.getByTestId('cart-total')).toHaveText('$299.98');

  // And USD everywhere, after a reload too.
  await page.goto('/keyboards/tyr-tkl');
  await expect(page.locator('main').getByText('$149.99').first()).toBeVisible();
  await expect(page.getByTestId('cart-count').first()).toHaveText('2');
});

test('choosing 0 reveals Remove and an emptied cart says so', async ({ page }) => {
  await page.goto('/keyboards/mjolnir-full-size');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await line.getByLabel(/Quantity for/).selectOption('0');
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
  await line.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Go find something you like.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('the mobile header has a hamburger menu, a search toggle and the cart', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await mobile.getByRole('button', { name: 'Mice' }).click();
  await mobile.getByRole('link', { name: 'Mice', exact: true }).click();
  await expect(page).toHaveURL(/\/mice$/);

  await page.getByRole('button', { name: 'Open search' }).click();
  await page.getByRole('combobox', { name: 'Search products' }).fill('odin');
  await expect(page).toHaveURL(/\/search\?query=odin$/);
  await expect(page.getByRole('heading', { name: 'Search Results for "odin"' })).toBeVisible();
});

test('unknown paths render the generic page', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/resellers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a variable product needs a colour before it goes in the cart', async ({ page }) => {
  await page.goto('/mice/vali-pro-wireless');
  await expect(page.getByRole('heading', { level: 1, name: /Vali Pro Wireless/i })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Please select a variation first.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  const colours = page.getByRole('radio');
  await colours.first().check({ force: true });
  await page.getByRole('button', { name: /Add to cart/ }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').getByText(/Colour:/)).toBeVisible();
});

test('hidden products redirect to the start page; old product links find the product', async ({ page }) => {
  await page.goto('/headsets/bragi-pro-wireless-team-edition');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/vali-pro-wireless');
  await expect(page).toHaveURL(/\/mice\/vali-pro-wireless$/);
});
