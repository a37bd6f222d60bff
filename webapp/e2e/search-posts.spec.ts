import { expect, test, type Page, type Request } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  // Every test starts as a new visitor: nothing accepted, empty cart.
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

const pageViews = (page: Page) => {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ga/page-view')) seen.push(request);
  });
  return seen;
};

test('searching from the header shows ranked results, and clearing the box goes back', async ({ page }) => {
  await page.goto('/headsets');
  await expect(page.getByRole('heading', { level: 1, name: /headsets/i })).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Search products' }).first();
  await box.pressSequentially('skald x', { delay: 40 });
  await expect(page).toHaveURL(/\/search\?query=skald(%20|\+)x$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "skald x"');
  const results = page.getByRole('list', { name: 'Search results' });
  // Best match first: "x" is a prefix of XLR in this one's name.
  await expect(results.getByRole('listitem').first()).toContainText('Skald XLR Dynamic');

  // The last word is a prefix; every word must match; a SKU finds its product first.
  await box.fill('skal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "skal"');
  await expect(results.getByRole('listitem').first()).toContainText('Skald');
  await expect(results.getByText('Skald USB Microphone')).toBeVisible();
  await expect(results.getByText('Tyr TKL')).toHaveCount(0);
  await box.fill('hv-kb-tyr-tkl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "hv-kb-tyr-tkl"');
  await expect(results.getByRole('listitem').first()).toContainText('Tyr TKL');

  // Typing replaced the search entry, so clearing returns to the page before the search.
  await box.fill('');
  await expect(page).toHaveURL(/\/headsets$/);
});

test('the search page says "Searching for" first and finds nothing for FTS syntax', async ({ page }) => {
  // The search answer is held back until the test has seen "Searching for" (no fixed delay).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/search/**', async (route) => {
    await answered;
    await route.continue();
  });
  const query = '"zzqx" OR -name:*';
  await page.goto('/search?query=' + encodeURIComponent(query));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Searching for "${query}" ...`);
  answer();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for "${query}"`);
  await expect(page.getByText('No products matched your search.')).toBeVisible();
});

test('news lists excerpts; a post shows its date; press links back to press releases', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  const list = page.getByRole('list', { name: 'News' });
  const first = list.getByRole('article').first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('Skadi Ergo White is back');
  await expect(first.locator('time')).toHaveText('5 March, 2026');
  await expect(list.getByRole('article')).toHaveCount(7);

  await first.getByRole('link', { name: 'Skadi Ergo White is back', exact: true }).click();
  await expect(page).toHaveURL(/\/skadi-ergo-white-restock$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skadi Ergo White is back');
  await expect(page.locator('main time')).toHaveText('5 March, 2026');
  await page.getByRole('link', { name: 'View all news' }).click();
  await expect(page).toHaveURL(/\/news$/);

  await page.goto('/press');
  const press = page.getByRole('list', { name: 'Press' });
  await expect(press.getByRole('article')).toHaveCount(4);
  await press.getByRole('link', { name: 'HALVARD opens US warehouse', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('HALVARD opens US warehouse');
  await expect(page.locator('main time')).toHaveText('28 January, 2025');
  await expect(page.getByRole('link', { name: 'View all press releases' })).toHaveAttribute('href', '/press');
});

test('cookie banner: Read More » opens the policy, OK persists across a reload and starts page views', async ({ page }) => {
  const views = pageViews(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Read More »' }).click();
  await expect(page).toHaveURL(/\/cookies-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: /cookies policy/i })).toBeVisible();
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  expect(views).toHaveLength(0); // nothing before acceptance

  const first = page.waitForRequest((r) => r.url().endsWith('/api/ga/page-view'));
  await banner.getByRole('button', { name: 'OK' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('acceptCookies'))).toBe('true');
  type PageView = { page_location: string; page_title: string; page_referrer: string; event_id: string };
  const body = (await first).postDataJSON() as PageView;
  expect(body.page_location).toMatch(/\/news$/);
  expect(body.page_title).toMatch(/^News/);

  const second = page.waitForRequest((r) => r.url().endsWith('/api/ga/page-view'));
  await page.getByRole('list', { name: 'News' }).getByRole('article').first().getByRole('link').first().click();
  const next = (await second).postDataJSON() as PageView;
  expect(next.page_location).toMatch(/\/skadi-ergo-white-restock$/);
  expect(next.page_referrer).toMatch(/\/news$/);
  expect(next.event_id).not.toBe(body.event_id);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skadi Ergo White is back');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});
