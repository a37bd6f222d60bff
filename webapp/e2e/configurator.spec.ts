import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeScan } from './support/axe';
import { placeOrderAs } from './support/shop';

/**
 * The product configurator end to end (docs/spec.md section 2.13) on the seeded Custom Keyboard
 * Builder (product 26907, services/configurator/demo.py): build a keyboard with the keyboard and
 * the mouse, share it, open the link in a fresh browser, add to the cart, edit the cart line and
 * check out. Tests wait for conditions, never for time (the shared link opens after 2000 ms:
 * the expectation's timeout covers it). One flow per test; each starts from an empty browser.
 *
 * The configurator is found by roles only (layers are radio groups named after the layer, choices
 * radios named after the choice; the live price is a polite live region): see `price` below.
 */

const BUILDER = '/custom-keyboard-builder';

/** "€1,234.56" -> 123456 (minor units). */
function cents(text: string): number {
  const match = /[€$]\s?([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll(',', '')) * 100 + Number(match[2]);
}

/** The configurator's live price (the polite live region of its summary holding an amount), in minor units. */
async function price(scope: Locator): Promise<number> {
  const live = scope.locator('[aria-live="polite"]').filter({ hasText: /[€$]\s?\d/ }).first();
  await expect(live).toBeVisible();
  return cents(await live.innerText());
}

/** axe on the elements matching `selector` (every rule): no serious or critical violation. */
async function expectAccessible(page: Page, selector: string) {
  const results = await axeScan(page).include(selector).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
}

const layer = (scope: Locator, name: string) => scope.getByRole('radiogroup', { name });
const choice = (scope: Locator, layerName: string, choiceName: string) => layer(scope, layerName).getByRole('radio', { name: new RegExp(`^${choiceName.replace(/[()]/g, '\\$&')}`) });

/** Opens the builder page and waits until the configurator is ready (after 'Loading configurator...'). */
async function openBuilder(page: Page): Promise<Locator> {
  await page.goto(BUILDER);
  const main = page.locator('main');
  await expect(layer(main, 'Case')).toBeVisible();
  await expect(page.getByText('Loading configurator...')).toHaveCount(0);
  return main;
}

/** Builds the test keyboard: Ember Red case (mouse), Ember Tactile switches (keyboard). Returns the price before and after. */
async function buildKeyboard(page: Page, scope: Locator) {
  await expect(choice(scope, 'Case', 'Anodised Onyx Black')).toBeChecked();
  const before = await price(scope);

  // The mouse: the red case costs €19.90 more.
  await choice(scope, 'Case', 'Anodised Ember Red').click();
  await expect(choice(scope, 'Case', 'Anodised Ember Red')).toBeChecked();
  await expect.poll(() => price(scope)).toBe(before + 1990);

  // The keyboard: into the Switches group (the checked radio has the tab stop), ArrowDown moves and selects.
  await choice(scope, 'Switches', 'Frost Linear').focus();
  await page.keyboard.press('ArrowDown');
  await expect(choice(scope, 'Switches', 'Ember Tactile')).toBeChecked();
  await expect(choice(scope, 'Switches', 'Ember Tactile')).toBeFocused();
  await expect(choice(scope, 'Switches', 'Frost Linear')).not.toBeChecked();
  return { before, after: before + 1990 };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('a shopper builds a keyboard with mouse and keyboard, sees the price change and why a choice is out of stock', async ({ page }) => {
  const scope = await openBuilder(page);
  await buildKeyboard(page, scope);

  // An out-of-stock choice stays focusable, says why, and cannot be chosen.
  const brass = choice(scope, 'Plate', 'Brass plate');
  await expect(brass).toHaveAttribute('aria-disabled', 'true');
  await expect(brass).toHaveAccessibleDescription(/Brass plate is out of stock, please select something else\./);
  await brass.focus();
  await expect(brass).toBeFocused();
  await brass.click({ force: true });
  await expect(brass).not.toBeChecked();
  await expect(choice(scope, 'Plate', 'Aluminium plate')).toBeChecked();
  await expect(scope.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
});

test('a shared build opens by itself in a fresh browser with the same choices', async ({ page, browser, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const scope = await openBuilder(page);
  const { after } = await buildKeyboard(page, scope);

  const opener = scope.getByRole('button', { name: 'Share' });
  await opener.click();
  const share = page.getByRole('dialog', { name: 'Share', exact: true });
  await expect(share).toBeVisible();
  // docs/spec.md section 9: the share modal sits at z-index 99999, above the configurator (1000).
  expect(await share.evaluate((dialog) => getComputedStyle(dialog.parentElement!).zIndex)).toBe('99999');
  const field = share.getByLabel('Link to your build');
  await expect(field).toHaveValue(new RegExp(`^${baseURL}${BUILDER}\\?d=[0-9a-f]{20}$`));
  const url = await field.inputValue();
  await expectAccessible(page, '[role="dialog"]');
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  for (const name of [/Share on X/, /Share on Facebook/, /Share on Reddit/, /Share on WhatsApp/, /Share by e-mail/]) {
    await expect(share.getByRole('link', { name })).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Sharing the same build again gives the same link (content-addressed).
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Share', exact: true }).getByLabel('Link to your build')).toHaveValue(url);
  await page.keyboard.press('Escape');

  // A fresh browser (no storage, no cookies): the configurator opens by itself with the same build.
  const fresh = await browser.newContext();
  try {
    const visitor = await fresh.newPage();
    await visitor.goto(url);
    const dialog = visitor.getByRole('dialog');
    await expect(choice(dialog, 'Case', 'Anodised Ember Red')).toBeChecked();
    await expect(choice(dialog, 'Switches', 'Ember Tactile')).toBeChecked();
    await expect(choice(dialog, 'Plate', 'Aluminium plate')).toBeChecked();
    expect(await price(dialog)).toBe(after);
  } finally {
    await fresh.close();
  }
});

test('a configured keyboard goes to the cart with its picture and choices, is edited in place and checked out', async ({ page }) => {
  const scope = await openBuilder(page);
  await buildKeyboard(page, scope);
  await scope.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Your item has been added to the cart!')).toBeVisible();

  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  const choices = line.getByRole('list', { name: 'Your choices' });
  await expect(choices.getByRole('listitem').filter({ hasText: /^Case: Anodised Ember Red\+€19\.90$/ })).toHaveCount(1);
  await expect(choices.getByRole('listitem').filter({ hasText: /^Switches: Ember Tactile/ })).toHaveCount(1);
  await expect(choices.getByRole('listitem').filter({ hasText: /^Keycaps: Fjord PBT Navy/ })).toHaveCount(1);
  await expect(line).not.toContainText('CASE-RED'); // compound SKUs are not for shoppers

  // The thumbnail: the layers' top-angle images stacked by z, all loaded, named after the build.
  const thumb = line.getByRole('img', { name: /^Custom Keyboard Builder: .*Anodised Ember Red/ });
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.locator('img').evaluateAll((imgs) => imgs.length > 1 && imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await expectAccessible(page, '[data-testid="cart-line"]');
  const lineId = await line.getAttribute('data-line-id');

  // Edit: the configurator reopens with this build; changing the keycaps replaces the line.
  await line.getByRole('button', { name: 'Edit Custom Keyboard Builder' }).click();
  const dialog = page.getByRole('dialog');
  await expect(choice(dialog, 'Case', 'Anodised Ember Red')).toBeChecked();
  await choice(dialog, 'Keycaps', 'Ember Doubleshot').click();
  await expect(choice(dialog, 'Keycaps', 'Ember Doubleshot')).toBeChecked();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(line).toHaveCount(1);
  await expect(line).not.toHaveAttribute('data-line-id', lineId ?? '');
  await expect(line.getByRole('list', { name: 'Your choices' })).toContainText('Keycaps: Ember Doubleshot+€29.90');
  await expect(line.getByRole('list', { name: 'Your choices' })).not.toContainText('Fjord PBT Navy');

  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await placeOrderAs(page, 'configurator-e2e@example.com');
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(1);
});

test('shipping to the United States, the builder and the cart line price in dollars, and the add-on 31575 follows the builder', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Ship to').selectOption('US');
  const scope = await openBuilder(page);
  await expect(choice(scope, 'Case', 'Anodised Ember Red')).toHaveAccessibleName(/\+\$21\.90/);
  const before = await price(scope);
  await expect(scope.locator('[aria-live="polite"]').filter({ hasText: /\$\d/ })).toHaveCount(1);
  await choice(scope, 'Case', 'Anodised Ember Red').click();
  await expect.poll(() => price(scope)).toBe(before + 2190);
  await scope.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Your item has been added to the cart!')).toBeVisible();

  // The add-on is capped by the builders in the cart (docs/spec.md section 4): now it can be bought.
  await page.goto('/custom-keyboard-parts/builder-switch-puller-and-lube-kit');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first().getByRole('list', { name: 'Your choices' })).toContainText('Case: Anodised Ember Red+$21.90');
  await expect(lines.nth(1)).toContainText('Builder Switch Puller & Lube Kit');
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/);
});
