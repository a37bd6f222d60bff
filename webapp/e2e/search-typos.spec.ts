import { expect, test, type Page } from '@playwright/test';

/**
 * docs/spec.md section 2.10: misspelled searches find the right kind of product first,
 * suggestions as you type are a keyboard-navigable combobox, the search page never shifts
 * (CLS 0) and an empty query gets a helpful page. At 1280 px and 375 px.
 */

const TYPOS: [query: string, categorySlug: string][] = [
  ['keybord', 'keyboards'],
  ['headst', 'headsets'],
  ['mose pad', 'mousepads'],
];

/** Sums the page's layout shifts that no input caused (the CLS sources), from the first paint. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Two animation frames: layout-shift entries of the last change are delivered by then. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** The header's combobox: the desktop bar's, or at 375 px the mobile panel's (opened first). */
async function headerSearch(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole('button', { name: 'Open search' }).click();
    return page.locator('#mobile-search').getByRole('combobox', { name: 'Search products' });
  }
  return page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first();
}

for (const { width, height, label } of [
  { width: 1280, height: 900, label: 'desktop' },
  { width: 375, height: 812, label: 'phone' },
]) {
  test.describe(`search at ${width} px (${label})`, () => {
    test.use({ viewport: { width, height } });

    for (const [query, slug] of TYPOS) {
      test(`'${query}' finds ${slug} first`, async ({ page }) => {
        await page.goto(`/search?query=${encodeURIComponent(query)}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for "${query}"`);
        const results = page.getByRole('list', { name: 'Search results' });
        const links = results.getByRole('listitem').locator(`a[href^="/"]:not([href^="/cart"])`);
        await expect(links.first()).toBeVisible();
        const hrefs = await results.getByRole('listitem').evaluateAll((items) =>
          items.map((item) => item.querySelector('a[href]')?.getAttribute('href') ?? ''),
        );
        expect(hrefs.length).toBeGreaterThanOrEqual(3);
        for (const href of hrefs.slice(0, 3)) expect(href).toMatch(new RegExp(`^/${slug}/`));
      });
    }

    test('suggestions are a combobox: arrows move, Escape closes, Enter opens the product', async ({ page }) => {
      await page.goto('/');
      const box = await headerSearch(page, width < 981);
      await box.pressSequentially('keybord');
      const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
      await expect(listbox).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? 'missing');
      const options = listbox.getByRole('option');
      await expect(options.first()).toBeVisible();
      await expect(listbox.getByRole('group', { name: 'Categories' }).getByRole('option', { name: /Keyboards/ }).first()).toBeVisible();

      await box.press('ArrowDown');
      const first = options.first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'missing');
      await box.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowUp');
      await expect(first).toHaveAttribute('aria-selected', 'true');

      await box.press('Escape');
      await expect(listbox).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue('keybord');

      await box.press('ArrowDown');
      await expect(listbox).toBeVisible();
      await box.press('ArrowDown');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/keyboards\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('the search page does not shift while results load (CLS 0)', async ({ page }) => {
      await watchLayoutShifts(page);
      await page.goto('/search?query=keyboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "keyboard"');
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await settle(page);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
    });

    test('an empty query shows a helpful page that searches', async ({ page }) => {
      await page.goto('/search');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
      await expect(page.getByText('Search Results for')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Headsets' }).last()).toBeVisible();
      const form = page.getByRole('search', { name: 'Search the shop' });
      await form.getByRole('searchbox', { name: 'Search for' }).fill('headst');
      await form.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "headst"');
    });
  });
}
