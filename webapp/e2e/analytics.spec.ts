import { readFile } from 'node:fs/promises';
import { axeScan } from './support/axe';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkoutOneMouse, placeOrderAs } from './support/shop';
import { analystAccount, supportAccount, type StaffAccount } from './support/staff';

/**
 * The analytics dashboard (docs/spec.md section 2.15), end to end against the seeded server: an
 * analyst watches a shopper's order arrive on the dashboard (the projector runs in the server's
 * thread), changes the range, and downloads a table as CSV; support staff and visitors are turned
 * away.
 */

const PANELS = ['Funnel', 'Revenue', 'Top products', 'Abandoned carts', 'Refused coupons', 'Configurator choices', 'Download CSV'];

async function signedIn(browser: Browser, account: StaffAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/staff/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/staff\/login/);
  return page;
}

/** The EUR orders the Revenue panel counts for the range shown (0 when it lists none). */
async function eurOrders(page: Page): Promise<number> {
  const revenue = page.getByRole('region', { name: 'Revenue', exact: true });
  await expect(revenue.getByRole('heading', { name: 'Revenue by day' })).toBeVisible(); // the figures are in
  const row = revenue.getByRole('table', { name: 'Totals per currency' }).getByRole('row', { name: /^EUR / });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').first().textContent())?.replace(/,/g, ''));
}

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('an analyst sees a new order on the dashboard, changes the range and downloads a table as CSV', async ({ page, browser }) => {
  const analyst = await signedIn(browser, analystAccount());
  await analyst.goto('/analytics');
  await expect(analyst.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const name of PANELS) await expect(analyst.getByRole('region', { name, exact: true })).toBeVisible();
  await expect(analyst.getByText(/^Data up to \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/)).toBeVisible();
  const before = await eurOrders(analyst);

  // A shopper orders (EUR: the checkout's German address).
  await checkoutOneMouse(page);
  await placeOrderAs(page, `ana.${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();

  // The dashboard counts it once the projector has read it.
  await expect(async () => {
    await analyst.reload();
    expect(await eurOrders(analyst)).toBeGreaterThan(before);
  }).toPass();
  const products = analyst.getByRole('region', { name: 'Top products', exact: true });
  await expect(products.getByRole('rowheader', { name: 'Fenrir 8K' })).toBeVisible();

  // Another range: the page asks for it and shows its figures.
  const week = analyst.waitForRequest((r) => r.url().includes(`/api/analytics/dashboard?from=${utcDay(-6)}&to=${utcDay()}`));
  await analyst.getByRole('button', { name: 'Last 7 days' }).click();
  await week;
  await expect(analyst).toHaveURL(new RegExp(`[?&]from=${utcDay(-6)}&to=${utcDay()}`));
  await expect(analyst.getByLabel('From', { exact: true })).toHaveValue(utcDay(-6));
  await expect(analyst.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  expect(await eurOrders(analyst)).toBeGreaterThan(before);

  await analyst.getByLabel('From', { exact: true }).fill('2020-01-01');
  await analyst.getByLabel('To', { exact: true }).fill('2020-01-07');
  const past = analyst.waitForRequest((r) => r.url().includes('/api/analytics/dashboard?from=2020-01-01&to=2020-01-07'));
  await analyst.getByRole('button', { name: 'Show' }).click();
  await past;
  await expect(analyst.getByRole('region', { name: 'Top products', exact: true }).getByText('No product was added to a cart in this range.')).toBeVisible();
  expect(await eurOrders(analyst)).toBe(0);
  await expect(analyst.getByRole('table', { name: 'Carts at each step' }).getByRole('row', { name: /^Carts started 0 / })).toBeVisible();

  // A CSV download of the chosen range, back on this week.
  await analyst.goBack();
  await expect(analyst.getByLabel('From', { exact: true })).toHaveValue(utcDay(-6));
  const downloading = analyst.waitForEvent('download');
  await analyst.getByRole('link', { name: 'Revenue by day (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`analytics_revenue_daily-${utcDay(-6)}-${utcDay()}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe('day,country,currency,orders,items,subtotal,discount,shipping,tax,total');
  expect(lines.some((line) => line.startsWith(`${utcDay()},DE,EUR,`))).toBe(true);

  // No serious or critical accessibility problem (every axe rule, the whole page).
  const { violations } = await axeScan(analyst).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // 360 px wide: the page never scrolls sideways (wide tables scroll in their own box). The
  // charts re-measure themselves after the resize (ResizeObserver, on later frames): wait for
  // the layout to settle rather than read it on the first frame (a slow CI run read 361 once).
  await analyst.setViewportSize({ width: 360, height: 800 });
  await expect(analyst.getByRole('region', { name: 'Funnel', exact: true })).toBeVisible();
  await expect.poll(() => analyst.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('support staff are told they need the analyst role', async ({ browser }) => {
  const support = await signedIn(browser, supportAccount());
  await support.goto('/analytics');
  await expect(support.getByRole('alert')).toHaveText('You need the analyst role to see this page.');
  await expect(support.getByRole('region', { name: 'Funnel', exact: true })).toHaveCount(0);
});

test('a visitor is sent to the staff login, and comes back', async ({ page }) => {
  await page.goto('/analytics?from=2020-01-01&to=2020-01-07');
  await expect(page.getByText('Sign in as staff to see the analytics dashboard.')).toBeVisible();
  await page.getByRole('link', { name: 'Staff login' }).click();
  const account = analystAccount();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/analytics\?from=2020-01-01&to=2020-01-07$/);
  await expect(page.getByRole('region', { name: 'Funnel', exact: true })).toBeVisible();
});
