import { expect, test, type ConsoleMessage } from '@playwright/test';
import { expectHeaderFor, expectNoSidewaysScroll } from './support/layout';
import { placeOrderAs, renderAll, settle } from './support/shop';
import { SIMPLE_PRODUCT, VISITOR_WIDTHS, visitedByRouteSweep } from './support/visit';

// Every test here only reads the shop (or orders products without stock management) as a new
// visitor, so its tests may run in any worker, in any order.
test.describe.configure({ mode: 'parallel' });

/**
 * Responsive at 375, 768, 980, 1280 px, with the mobile header at 980 px and below (docs/spec.md
 * sections 2 and 9), on the routes of the spec's route table that e2e/a11y.spec.ts's
 * 'responsive' block does not walk (it covers home, a category and product pages), with the
 * cart, the checkout and the order page WITH an item (the coupon field widened them past the
 * screen at 375 px and past the summary column at 1280 px); a category jump-nav that leaves the
 * group's heading visible; and no console error on a new visitor's first pages.
 * At 375 and 1280 px, e2e/routes.spec.ts already checks the routes of its list (and
 * e2e/a11y.spec.ts the cart, checkout and order page with an item), so only the others run here.
 */

const WIDTHS = [375, 768, 980, 1280] as const;

/** Routes a new visitor can open directly (the cart, checkout and order pages get an item below). */
const ROUTES = [
  '/customize',
  '/custom-keyboard-builder',
  '/resellers',
  '/distributors',
  '/contact',
  '/cart',
  '/press',
  '/news',
  '/skadi-ergo-white-restock',
  '/search?query=odin',
  '/cookies-policy',
  '/about',
  '/this-page-does-not-exist',
  '/order/123456',
  '/headsets/skald-studio-headset', // coming soon
  '/keyboards/custom-keyboard-builder', // configurable
];

/** At routes.spec.ts's widths, that spec already checks its routes (and the cart flow is a11y.spec.ts's). */
const checkedElsewhere = (width: number) => VISITOR_WIDTHS.includes(width);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // One route per test: a walk over every route in one test outlasts the timeout on a slow machine.
    for (const route of ROUTES.filter((path) => !(checkedElsewhere(width) && visitedByRouteSweep(path)))) {
      test(`no horizontal scroll on ${route}, and the header for the width`, async ({ page }) => {
        await page.goto(route);
        await settle(page);
        await renderAll(page);
        await expectNoSidewaysScroll(page, `${route} at ${width} px`);
        await expectHeaderFor(page, width);
      });
    }

    test("a jump-nav button brings its group 80 px below the top with the group's heading uncovered", async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('acceptCookies', 'true'));
      await page.goto('/keyboards');
      await settle(page);
      await page.getByRole('navigation', { name: 'Keyboards groups' }).getByRole('button', { name: 'Full size' }).click();
      const group = page.getByRole('region', { name: 'Full size' });
      await expect(group).toBeFocused();
      // Smooth scrolling: wait until the group stops at the spec's offset (section 2: 80 px).
      await expect.poll(() => group.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(80);
      const heading = group.getByRole('heading', { level: 2, name: 'Full size' });
      const hit = await heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + 8, box.top + box.height / 2);
        return top && el.contains(top) ? 'heading' : (top?.outerHTML.slice(0, 120) ?? 'nothing');
      });
      expect(hit, 'what covers the group heading after the jump').toBe('heading');
    });

    if (!checkedElsewhere(width)) test('no horizontal scroll on the cart, the checkout and the order page with an item', async ({ page }) => {
      await page.goto(SIMPLE_PRODUCT);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.locator('[data-testid="cart-count"]:visible')).toHaveText('1');

      await page.goto('/cart');
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await settle(page);
      await expect(page.getByRole('button', { name: 'Apply coupon' })).toBeVisible();
      await expectNoSidewaysScroll(page, `/cart with an item at ${width} px`);
      await expectHeaderFor(page, width);

      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await expect(page.getByTestId('checkout-total')).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, `/checkout with an item at ${width} px`);

      await placeOrderAs(page, `responsive.${width}.${Date.now()}@example.com`);
      await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, `/order/{id} at ${width} px`);
    });
  });
}

/**
 * Console errors a page cannot avoid: resources of other hosts (video thumbnails; the test machine
 * may be offline). The staff checks are not among them: a visitor has no `staff_hint` cookie, so
 * the storefront never asks /is-admin or /is-reviewer (docs/spec.md section 6).
 */
function unavoidable(message: ConsoleMessage, origin: string): boolean {
  const url = message.location().url ?? '';
  return url !== '' && !url.startsWith(origin);
}

test('a new visitor browsing gets no console error (no read of a cart the browser never started)', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !unavoidable(message, origin)) errors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const cartReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/cart') cartReads.push(page.url());
  });

  for (const route of ['/', '/headsets', '/headsets/bragi-pro-wireless', '/news', '/cart', '/contact']) {
    await page.goto(route);
    await settle(page);
  }
  expect(cartReads).toEqual([]);
  expect(errors).toEqual([]);
});
