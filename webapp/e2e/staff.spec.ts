import { expect, test, type Page } from '@playwright/test';
import { adminAccount, type StaffAccount } from './support/staff';

/**
 * Staff sessions, end to end against the seeded server: staff login, the staff banner
 * (docs/spec.md section 6), draft previews, the admin UI at /admin, logout.
 *
 * The admin account: E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD when both are set (e.g. made with
 * `STAFF_PASSWORD=... python -m services.api.cli create-staff admin@example.com --role admin`);
 * otherwise one is made with that CLI on the server's database (e2e/support/staff.ts).
 */

const BANNER = 'You are currently browsing as an admin';
const DRAFT_PRODUCT = 1007; // demo seed: "Huginn Pro X", status draft

let admin: StaffAccount;

test.beforeAll(() => {
  admin = adminAccount();
});

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

async function logIn(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin logs in, browses with the banner, previews a draft, opens the admin and logs out', async ({ page, context }) => {
  // docs/spec.md section 6: the staff checks are only asked with the `staff_hint` cookie, which
  // the login sets and the logout clears; every check this browser sends must carry it.
  // Each check that was answered: its path, and whether its Cookie header had the hint. A check
  // cancelled by a navigation before its answer (the reload below comes right after a load) is
  // left out: Chromium reports a request's cookies only once it reached the network, so a
  // cancelled one reads as sent without any.
  const checks: Promise<string>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const path = new URL(request.url()).pathname;
    if (/^\/is-(admin|reviewer)$/.test(path)) {
      checks.push(request.allHeaders().then((headers) => `${path} ${/(^|;\s*)staff_hint=1/.test(headers['cookie'] ?? '') ? 'with' : 'without'} hint`));
    }
  });
  const hasHint = async () => (await context.cookies()).some((c) => c.name === 'staff_hint' && c.value === '1');

  // A visitor: no hint, no banner, and drafts are not found.
  await page.reload();
  expect(await hasHint()).toBe(false);
  await expect(page.getByText(BANNER, { exact: true })).toHaveCount(0);
  expect((await page.request.get(`/api/wc/products/${DRAFT_PRODUCT}`)).status()).toBe(404);

  // Wrong password first: a clear message, still on the login page.
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff login' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');

  await logIn(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
  expect(await hasHint()).toBe(true);

  // After a reload the banner comes from the server check (GET /is-admin, 500 ms after load).
  const adminCheck = page.waitForResponse((r) => r.url().endsWith('/is-admin'));
  await page.reload();
  const check = await adminCheck;
  expect(check.status()).toBe(200);
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();

  // Staff preview drafts.
  const draft = await page.request.get(`/api/wc/products/${DRAFT_PRODUCT}`);
  expect(draft.status()).toBe(200);
  expect(((await draft.json()) as { status: string }).status).toBe('draft');

  // The admin UI lists the products (searched by name: the list is paginated).
  await page.goto('/admin/product/list?search=Huginn');
  await expect(page.getByText('Huginn Pro X')).toBeVisible();
  await expect(page.getByText('HV-HS-HUGINN-X')).toBeVisible();

  // Logout from the banner: GET /logout, then the start page without the banner.
  await page.goto('/cart');
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(BANNER, { exact: true })).toHaveCount(0);
  expect(await hasHint()).toBe(false);
  await page.reload();
  await expect(page.getByText(BANNER, { exact: true })).toHaveCount(0);
  expect((await page.request.get(`/api/wc/products/${DRAFT_PRODUCT}`)).status()).toBe(404);
  const sent = await Promise.all(checks);
  expect(sent).toContain('/is-admin with hint');
  expect(sent.filter((check) => check.endsWith('without hint'))).toEqual([]);
});

test('the admin sends a visitor to the staff login and back to the page asked for', async ({ page }) => {
  await page.goto('/admin/product/list?search=Huginn');
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
  await logIn(page);
  await expect(page).toHaveURL(/\/admin\/product\/list\?search=Huginn$/);
  await expect(page.getByText('Huginn Pro X')).toBeVisible();

  // The admin's own logout ends the storefront session too.
  await page.goto('/admin/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
});
