import { expect, test, type Page } from '@playwright/test';
import { checkoutOneMouse, renderAll, settle } from './support/shop';

/**
 * Trust pages and images (docs/spec.md section 2.16): the footer and the checkout link the legal
 * pages, which are complete; the footer names the seller and the payment methods; no image shows
 * as broken when the video host cannot be reached; no demo image carries text (no ghost headline
 * behind the home page's hero).
 */

const LEGAL = [
  { path: '/imprint', title: 'Imprint', sections: ['Service provider', 'Register entry', 'VAT identification number'] },
  { path: '/terms-and-conditions', title: 'Terms and Conditions', sections: ['2. Contract', '4. Payment', '7. Right of withdrawal'] },
  { path: '/privacy-policy', title: 'Privacy Policy', sections: ['1. Controller', '7. Your rights'] },
  { path: '/right-of-withdrawal', title: 'Returns and Right of Withdrawal', sections: ['Right of withdrawal', 'Effects of withdrawal', 'Model withdrawal form'] },
];

/** The video provider's thumbnail and player hosts answer nothing (a blocked or offline network). */
async function videoHostUnreachable(page: Page) {
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(ytimg|youtube|youtube-nocookie)\.com\//, (route) => route.abort('internetdisconnected'));
}

/** Images that finished loading with nothing to show (a broken-image icon). */
function brokenImages(page: Page) {
  return page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src));
}

test('the footer links every legal page, names the seller and the payment methods', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  const footer = page.locator('footer');
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  for (const { path } of LEGAL) await expect(legal.locator(`a[href="${path}"]`)).toHaveCount(1);
  await expect(footer.getByTestId('footer-company')).toContainText('HALVARD AB, Första Långgatan 12, 413 27 Gothenburg, Sweden');
  await expect(footer.getByTestId('footer-company')).toContainText('VAT ID SE');
  await expect(footer.getByTestId('footer-payments')).toContainText('Direct bank transfer');

  for (const { path, title, sections } of LEGAL) {
    await legal.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const section of sections) await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    await expect(page.locator('main')).toContainText('HALVARD AB');
  }
});

test('the checkout links the terms, which open in a new tab and leave the checkout as it was', async ({ page, context }) => {
  await checkoutOneMouse(page);
  await page.getByLabel('Email address *').fill('ada@example.com');
  const terms = page.getByTestId('checkout-terms-link');
  await expect(terms).toHaveAttribute('href', '/terms-and-conditions');
  await expect(page.getByTestId('checkout-withdrawal-link')).toHaveAttribute('href', '/right-of-withdrawal');
  await expect(page.getByTestId('checkout-privacy-link')).toHaveAttribute('href', '/privacy-policy');

  const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(tab.getByRole('heading', { level: 2, name: '7. Right of withdrawal' })).toBeVisible();
  await tab.close();

  // Following the link neither ticked the box nor left the checkout.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Email address *')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('I have read and agree to the website terms and conditions')).not.toBeChecked();
});

for (const path of ['/', '/keyboards', '/keyboards/odin-75-wireless']) {
  test(`no broken image on ${path} when the video host cannot be reached`, async ({ page }) => {
    await videoHostUnreachable(page);
    await page.goto(path);
    await settle(page);
    await renderAll(page);
    await expect.poll(() => brokenImages(page), { message: 'images that failed to load and still show' }).toEqual([]);
    if (path !== '/keyboards') {
      // The review and video thumbnails from the unreachable host became neutral tiles of their size.
      await expect.poll(() => page.locator('.img-fallback').count()).toBeGreaterThan(0);
      const box = await page.locator('.img-fallback').first().boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(0);
      expect(box?.height ?? 0).toBeGreaterThan(0);
    }
  });
}

test('the hero has no ghost text: no demo image on the home, category or product page contains text', async ({ page, request }) => {
  const sources = new Set<string>();
  for (const path of ['/', '/keyboards', '/keyboards/odin-75-wireless']) {
    await page.goto(path);
    await settle(page);
    await renderAll(page);
    for (const src of await page.locator('img[src^="/media/"]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''))) sources.add(src);
  }
  const hero = page.locator('main section').first();
  await page.goto('/');
  await expect(hero.locator('img').first()).toHaveAttribute('src', /^\/media\/content\/hero-home\.svg$/);
  sources.add('/media/content/hero-home.svg');
  expect(sources.size).toBeGreaterThan(10);
  for (const src of sources) {
    const response = await request.get(src);
    expect(response.ok(), src).toBe(true);
    const svg = await response.text();
    expect(svg, src).toContain('<svg');
    expect(svg, src).not.toMatch(/<(text|tspan|textPath|foreignObject)\b/);
  }
});
