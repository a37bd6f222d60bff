import { expect, test, type Page } from '@playwright/test';
import { expectHeaderFor, expectNoSidewaysScroll } from './support/layout';
import { placeOrderAs, renderAll, settle } from './support/shop';
import { SIMPLE_PRODUCT, VARIABLE_PRODUCT, VISITOR_VIEWPORTS, expectNoCspViolation, expectNoSeriousViolations, watchCsp } from './support/visit';

// Every test here only reads the shop (or orders products without stock management) as a new
// visitor, so its tests may run in any worker, in any order.
test.describe.configure({ mode: 'parallel' });

/**
 * Accessibility and quality bars beyond one route opened directly (e2e/routes.spec.ts scans
 * every such route with axe-core at 1280 and 375 px, with the console, CSP and layout checks):
 * - axe-core finds no serious or critical violation on the cart, the checkout (with and without
 *   field errors) and the order page with an item, and with the modals and menus open, at 1280
 *   and 375 px; those pages also keep to the CSP and do not scroll sideways;
 * - keyboard only: the mobile menu and the modals keep focus inside and close with Escape;
 * - no horizontal scroll at 768, 980 and 1024 px on the home, a category and product pages
 *   (section 9: mobile header at ≤ 980 px; 375 and 1280 px are routes.spec.ts's).
 */


async function addToCart(page: Page, path: string) {
  await page.goto(path);
  const buy = page.getByRole('button', { name: 'Add to cart' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
}

// Every test is a new visitor (Playwright gives each test a fresh browser context): empty cart,
// default country, no cookie consent yet (the banner shows and is checked too).

for (const viewport of VISITOR_VIEWPORTS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the cart, the checkout and the order page with an item: no serious or critical violation, the CSP, no sideways scroll', async ({ page }) => {
      const csp = await watchCsp(page);
      const width = viewport.width;
      await addToCart(page, SIMPLE_PRODUCT);
      await page.goto('/cart');
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await settle(page);
      // The coupon field widened the cart past the screen at 375 px and past the summary column at 1280 px.
      await expect(page.getByRole('button', { name: 'Apply coupon' })).toBeVisible();
      await expectNoSidewaysScroll(page, `/cart with an item at ${width} px`);
      await expectHeaderFor(page, width);
      await expectNoCspViolation(page, csp);
      await expectNoSeriousViolations(page, `/cart with an item at ${width} px`);

      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await expect(page.getByTestId('checkout-total')).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, `/checkout with an item at ${width} px`);
      await expectNoCspViolation(page, csp);
      await expectNoSeriousViolations(page, `/checkout with an item at ${width} px`);

      // With every field invalid: the error messages next to their fields.
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByLabel('Email address *')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, `/checkout with errors at ${width} px`);

      await placeOrderAs(page, `a11y.${Date.now()}@example.com`);
      await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, `/order/{id} at ${width} px`);
      await expectNoCspViolation(page, csp);
      await expectNoSeriousViolations(page, `/order/{id} at ${width} px`);
    });

    test('the open modals and menus have no serious or critical violation', async ({ page }) => {
      await page.goto('/?newsletter');
      await expect(page.getByRole('dialog', { name: 'Join the newsletter' })).toBeVisible();
      await expectNoSeriousViolations(page, `the newsletter modal at ${viewport.width} px`);
      await page.keyboard.press('Escape');

      if (viewport.width <= 980) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
        await expectNoSeriousViolations(page, `the mobile menu at ${viewport.width} px`);
        await page.getByRole('button', { name: 'Close menu' }).click();
        await page.getByRole('button', { name: 'Open search' }).click();
        await expectNoSeriousViolations(page, `the mobile search at ${viewport.width} px`);
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button').first().click();
        await expectNoSeriousViolations(page, `an open dropdown at ${viewport.width} px`);
      }

      await page.goto(VARIABLE_PRODUCT);
      await page.getByRole('radio', { name: /White/ }).check({ force: true });
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('dialog', { name: 'Complete your setup' })).toBeVisible();
      await expectNoSeriousViolations(page, `the recommended-products modal at ${viewport.width} px`);
    });
  });
}

/** Where keyboard focus is: inside the element matching `selector`? */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => Boolean(document.activeElement && document.activeElement.closest(sel)), selector);

test.describe('keyboard only', () => {
  test('the first Tab reaches "Skip to content", which moves focus to the main content', async ({ page }) => {
    await page.goto('/headsets');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the mobile menu keeps focus on its button and drawer, and Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('#mobile-menu');
    await expect(drawer.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();

    // Open a group with the keyboard, then Tab round: focus never leaves the button and the drawer.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusInside(page, '#mobile-menu')).toBe(true);
    const stops = await drawer.evaluate((el) => el.querySelectorAll('a[href], button, select, input').length);
    const seen = new Set<string>();
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active) return 'nothing';
        if (active.closest('#mobile-menu')) return `drawer:${active.textContent?.trim() || active.getAttribute('aria-label')}`;
        return active.getAttribute('aria-label') === 'Close menu' ? 'toggle' : `outside:${active.outerHTML.slice(0, 80)}`;
      });
      expect(where, `Tab ${i + 1} left the mobile menu`).toMatch(/^(drawer|toggle)/);
      seen.add(where);
    }
    expect(seen).toContain('toggle'); // it went all the way round
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(page, '#mobile-menu')).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the newsletter modal keeps focus inside and closes with Escape', async ({ page }) => {
    await page.goto('/?newsletter');
    const dialog = page.getByRole('dialog', { name: 'Join the newsletter' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.poll(() => focusInside(page, '[role="dialog"]')).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInside(page, '[role="dialog"]'), `${key} left the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the recommended-products modal keeps focus inside and closes with Escape', async ({ page }) => {
    await page.goto(VARIABLE_PRODUCT);
    await page.getByRole('radio', { name: /White/ }).check({ force: true });
    const buy = page.getByRole('button', { name: 'Add to cart' });
    await buy.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Complete your setup' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInside(page, '[role="dialog"]'), `${key} left the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeFocused();
  });
});

test.describe('responsive', () => {
  // The bars' widths between routes.spec.ts's 375 and 1280 px, and 1024: the desktop header and
  // footer just above the mobile breakpoint.
  // One route per test: a walk over several routes in one test outlasts the timeout on a slow machine.
  for (const width of [768, 980, 1024]) {
    for (const route of ['/', '/headsets', SIMPLE_PRODUCT, VARIABLE_PRODUCT]) {
      test(`no horizontal scroll at ${width} px on ${route}; ${width <= 980 ? 'mobile' : 'desktop'} header`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(route);
        await settle(page);
        await renderAll(page);
        await expectNoSidewaysScroll(page, `${route} at ${width} px`);
        await expectHeaderFor(page, width);
      });
    }
  }
});
