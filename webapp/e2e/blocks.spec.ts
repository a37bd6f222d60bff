import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeScan } from './support/axe';
import { renderAll, settle } from './support/shop';
import { offlineVideoHost } from './support/visit';

// Every test here only reads the shop (or orders products without stock management) as a new
// visitor, so its tests may run in any worker, in any order.
test.describe.configure({ mode: 'parallel' });

/** Content blocks and carousels (docs/spec.md section 2) on the seeded demo: home page and a product page. */

test.beforeEach(async ({ page }) => {
  // The tests run offline: the video provider's thumbnails are answered locally.
  await offlineVideoHost(page);
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('acceptCookies', 'true');
  });
});

/** Scroll through the page so every on-demand block comes near the viewport and loads. */
async function loadEveryBlock(page: Page) {
  await settle(page); // the page's data is in: the block list is not rendered anew after this
  await renderAll(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const liveText = (carousel: Locator) => carousel.locator('[aria-live]');

/** axe-core over `scope` (the blocks; header, footer and the product view belong to their own checks). */
async function expectNoSeriousA11yViolations(page: Page, scope: string) {
  const results = await axeScan(page).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`)).toEqual([]);
}

test('the home page shows every block type in order, with promos and the anchor menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Built for the last round' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'On this page' });
  await expect(menu.getByRole('link')).toHaveText(['Highlights', 'Specs', 'Reviews', 'FAQ', 'About']);
  await loadEveryBlock(page);

  const main = page.locator('main');
  for (const heading of ['Odin 75 Wireless', 'Odin 75 Wireless specifications', 'What the press says', 'Watch', 'Setups from our community', 'Shop by category', 'Frequently asked questions', 'Best sellers', 'Trending now', 'Latest news', 'Designed in Gothenburg']) {
    await expect(main.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(main.getByText('Tracked shipping', { exact: true })).toBeVisible(); // info_box
  await expect(main.getByText('Sign up to the newsletter for early access to limited editions.')).toBeVisible(); // html
  await expect(main.locator('script')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Read PDF: Datasheet' })).toHaveAttribute('href', /odin75-datasheet\.pdf$/);
  await expect(main.getByRole('link', { name: 'Download PDF: Datasheet' })).toHaveAttribute('download', '');
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible(); // ticker
  await expect(main.getByRole('link', { name: 'View all news' })).toHaveAttribute('href', '/news');
  // Videos: the link without an 11-character id does not render.
  const videos = page.getByRole('region', { name: 'Watch' });
  await expect(videos.getByRole('group')).toHaveCount(3);
  await expect(videos.getByRole('button', { name: 'Play video: Odin 75 Wireless: sound test' }).locator('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/hV0d1n75kbX/hqdefault.jpg');
  // At most 4 promo tiles, each a link.
  await expect(main.getByRole('region', { name: 'Featured' }).getByRole('link')).toHaveCount(4);
  // Images carry their size; below the fold they load lazily.
  const sizes = await main.locator('img').evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('width'), img.getAttribute('height')]));
  expect(sizes.filter(([w, h]) => !w || !h)).toEqual([]);
  await expect(page.getByRole('region', { name: 'Setups from our community' }).locator('img').first()).toHaveAttribute('loading', 'lazy');
});

test('keys move a carousel and it announces "Slide n of N"', async ({ page }) => {
  test.slow(); // two carousels, each stepped through with 500 ms slides
  await page.goto('/');
  await loadEveryBlock(page);
  const reviews = page.getByRole('region', { name: 'What the press says' });
  await reviews.scrollIntoViewIfNeeded();
  await reviews.focus();
  // Focus stops autoplay; announcements are spoken from now on.
  await expect(reviews.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  await expect(liveText(reviews)).toHaveAttribute('aria-live', 'polite');
  await page.keyboard.press('q');
  await expect(liveText(reviews)).toHaveText('Slide 1 of 2');
  await expect(reviews.getByRole('group', { name: '1 of 2' })).not.toHaveAttribute('inert');
  await page.keyboard.press('ArrowRight');
  await expect(liveText(reviews)).toHaveText('Slide 2 of 2');
  await expect(reviews.getByRole('group', { name: '1 of 2' })).toHaveAttribute('inert', '');
  await expect(reviews.getByText("Tom's Hardware", { exact: true })).toBeInViewport();
  await page.keyboard.press('a');
  await expect(liveText(reviews)).toHaveText('Slide 1 of 2');
  await page.keyboard.press('e');
  await expect(liveText(reviews)).toHaveText('Slide 2 of 2');
  await page.keyboard.press('Space');
  await expect(reviews.getByRole('button', { name: 'Stop automatic slide show' })).toBeVisible();

  // scroll3d wraps: previous from the first slide is the last.
  const gallery = page.getByRole('region', { name: 'Setups from our community' });
  await gallery.scrollIntoViewIfNeeded();
  await gallery.focus();
  await page.keyboard.press('q');
  await page.keyboard.press('w');
  await expect(liveText(gallery)).toHaveText('Slide 4 of 4');
  await page.keyboard.press('d');
  await expect(liveText(gallery)).toHaveText('Slide 1 of 4');
  // The prev/next buttons work too, and a swipe longer than a fifth of the width (over 3 shown) moves.
  await gallery.getByRole('button', { name: 'Next slide' }).click();
  await expect(liveText(gallery)).toHaveText('Slide 2 of 4');
  const box = (await gallery.locator('[aria-roledescription="slide"][data-active]').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, y, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 - 120, y, { steps: 5 });
  await page.mouse.up();
  await expect(liveText(gallery)).toHaveText('Slide 3 of 4');
});

test('the anchor menu scrolls smoothly and the marker lands 130 px from the top', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  await page.evaluate(() => {
    const calls: ScrollToOptions[] = [];
    (window as unknown as { __scrolls: ScrollToOptions[] }).__scrolls = calls;
    const original = window.scrollTo.bind(window);
    window.scrollTo = ((options: ScrollToOptions) => {
      calls.push(options);
      original(options);
    }) as typeof window.scrollTo;
  });
  const menu = page.getByRole('navigation', { name: 'On this page' });
  await menu.getByRole('link', { name: 'FAQ' }).click();
  const jumps = await page.evaluate(() => (window as unknown as { __scrolls: unknown[] }).__scrolls.filter((c) => typeof c === 'object'));
  expect(jumps[0]).toMatchObject({ behavior: 'smooth' });
  // On-demand blocks above load while scrolling; the jump follows the marker until it sits exactly.
  await expect.poll(async () => page.evaluate(() => Math.round(document.getElementById('faq')!.getBoundingClientRect().top))).toBe(130);
  await expect(page.locator('#faq')).toBeFocused();
  await expect(menu.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'location');
  await expect(menu).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
});

test('a product page shows its blocks and its reviews carousel answers keys', async ({ page }) => {
  await page.goto('/keyboards/odin-75-wireless');
  await expect(page.getByRole('heading', { level: 1, name: /Odin 75 Wireless/ })).toBeVisible();
  await loadEveryBlock(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Gasket mounted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Which switch is right for me?' })).toHaveAttribute('href', '/keyboard-switches');
  const reviews = page.getByRole('region', { name: 'What the press says' });
  await reviews.scrollIntoViewIfNeeded();
  await reviews.focus();
  await page.keyboard.press('q');
  await page.keyboard.press('s');
  await expect(liveText(reviews)).toHaveText('Slide 2 of 2');
  await page.keyboard.press('ArrowUp');
  await expect(liveText(reviews)).toHaveText('Slide 1 of 2');
  await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeVisible();
});

test('the About page hero and the customize quick-info', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About HALVARD' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact');
  await loadEveryBlock(page);
  await expect(page.getByRole('link', { name: 'view all press releases' })).toHaveAttribute('href', '/press');
  await page.goto('/customize');
  await loadEveryBlock(page);
  await expect(page.getByRole('button', { name: 'Play video: See a build come together' })).toBeVisible();
});

// At 375 and 1280 px, e2e/routes.spec.ts scans these four pages whole (every block rendered,
// no sideways scroll, every axe rule): here the widths in between.
for (const width of [768, 980]) {
  test(`no serious accessibility violations and no sideways scrolling at ${width} px`, async ({ page }) => {
    test.slow(); // four pages, each scrolled through and analysed
    await page.setViewportSize({ width, height: 900 });
    // Home and About are content blocks only; on a product page the blocks are the sections after the product view.
    for (const [path, scope] of [
      ['/', 'main'],
      ['/about', 'main'],
      ['/customize', 'main'],
      ['/keyboards/odin-75-wireless', 'main > section'],
    ]) {
      await page.goto(path);
      await loadEveryBlock(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page, scope);
    }
  });
}
