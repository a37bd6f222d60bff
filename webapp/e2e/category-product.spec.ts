import { expect, test, type Page } from '@playwright/test';

/**
 * Category and product pages (docs/spec.md section 2): tag groups with a jump-nav, the filter sidebar
 * with its selection in the URL, the empty filter text; a variable product's price, the add
 * tick and the recommended-products modal.
 */

test.beforeEach(async ({ page }) => {
  // Every test starts as a new visitor: empty cart, default country (EUR).
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

const cards = (page: Page) => page.locator('main').getByRole('heading', { level: 3 });

test('a category page groups products, jumps to a group and filters by the URL-kept selection', async ({ page }) => {
  await page.goto('/headsets');
  await expect(page.getByRole('heading', { level: 1, name: /headsets/i })).toBeVisible();

  // Tag groups in order with 'Others', then a group per subcategory (accessories are not mixed
  // with the headsets), and a jump-nav because there are several.
  const nav = page.getByRole('navigation', { name: 'Headsets groups' });
  await expect(nav.getByRole('button')).toHaveText(['Wireless', 'Wired', 'Others', 'Headset accessories', 'Headset spare parts']);
  await nav.getByRole('button', { name: 'Wired' }).click();
  const wired = page.getByRole('region', { name: 'Wired' });
  await expect(wired).toBeFocused();
  await expect(wired.getByRole('heading', { level: 2, name: 'Wired' })).toBeInViewport();
  await expect(wired.getByRole('heading', { name: 'Bragi Wired' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Headset accessories' }).getByRole('heading', { name: 'Vardr Headset Stand' })).toBeVisible();

  // Filters: 2.4 GHz narrows the grid to the wireless headsets; the selection is in the URL.
  const sidebar = page.getByRole('complementary', { name: 'Filters' });
  await expect(sidebar.getByRole('group', { name: 'Connectivity' })).toBeVisible();
  await expect(sidebar.getByRole('checkbox', { name: '100 h+ battery' })).toHaveCount(0);
  await sidebar.getByRole('checkbox', { name: '2.4 GHz wireless' }).check();
  await expect(page).toHaveURL(/\/headsets\?filter=2-4-ghz-wireless$/);
  await expect(cards(page)).toHaveText(['Bragi Pro Wireless', 'Norn Wireless Lite']);
  await expect(nav).toHaveCount(0); // one group left: no jump-nav

  // A filter that depends on 2.4 GHz shows now, and refines it.
  await sidebar.getByRole('checkbox', { name: '100 h+ battery' }).check();
  await expect(cards(page)).toHaveText(['Bragi Pro Wireless']);

  // Colour swatches are named checkboxes, keyboard operable.
  const red = sidebar.getByRole('group', { name: 'Colour' }).getByRole('checkbox', { name: 'Ember Red' });
  await red.focus();
  await page.keyboard.press('Space');
  await expect(red).toBeChecked();
  await expect(cards(page)).toHaveText(['Bragi Pro Wireless']);

  // A shared link with a selection nothing matches says so; clearing brings everything back.
  await page.goto('/headsets?filter=2-4-ghz-wireless,black-red');
  await expect(page.getByText('No products found with the current filter…')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/headsets$/);
  await expect(page.getByRole('navigation', { name: 'Headsets groups' })).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(5);
});

test('a variable product: the lowest price until a colour is picked, then the tick and the recommended products', async ({ page }) => {
  await page.goto('/headsets/bragi-pro-wireless');
  await expect(page.getByRole('heading', { level: 1, name: 'Bragi Pro Wireless' })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText('From €179.99');

  // The linked-product picker offers the wired version.
  await expect(page.getByRole('navigation', { name: 'Versions' }).getByRole('link', { name: /Bragi Wired/ })).toHaveAttribute('href', '/headsets/bragi-wired');

  await page.getByRole('radio', { name: /White/ }).check({ force: true });
  await expect(page.getByTestId('product-price')).toHaveText('€189.99');

  const buy = page.getByRole('button', { name: 'Add to cart' });
  await buy.click();
  await expect(page.getByRole('button', { name: 'Added to cart' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');

  // After the tick: the recommendations in stock (the ear pads are out of stock).
  const dialog = page.getByRole('dialog', { name: 'Complete your setup' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('link', { name: 'Vardr Headset Stand' })).toBeVisible();
  await expect(dialog.getByText('Bragi Velour Ear Pads')).toHaveCount(0);
  await expect(dialog.getByText('€25.49')).toBeVisible(); // 29.99 less 15 %
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

  // Escape closes it and focus returns to the buy button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeFocused();
});

test('adding a recommendation from the modal puts it in the cart at the recommended price', async ({ page }) => {
  await page.goto('/headsets/bragi-wired');
  await page.getByRole('link', { name: /Bragi Pro Wireless/ }).click();
  await expect(page).toHaveURL(/\/headsets\/bragi-pro-wireless$/);
  await page.getByRole('radio', { name: /Black/ }).check({ force: true });
  await page.getByRole('button', { name: 'Add to cart' }).click();

  const dialog = page.getByRole('dialog', { name: 'Complete your setup' });
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByRole('button', { name: 'Added to cart' })).toBeVisible();
  await expect(page.getByTestId('cart-count').first()).toHaveText('2');
  // The last recommendation added: the list is empty and the modal closes.
  await expect(dialog).toHaveCount(0);

  await page.goto('/cart');
  const stand = page.getByTestId('cart-line').filter({ hasText: 'Vardr Headset Stand' });
  await expect(stand.getByTestId('line-subtotal')).toHaveText(/€25\.49/);
});
