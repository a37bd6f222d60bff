import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminAccount, type StaffAccount } from './support/staff';

/**
 * The admin UI in a real browser under the staff CSRF protection and the admin's CSP
 * (docs/operations.md, Security): an admin creates a coupon through sqladmin's form (a
 * multipart POST carrying the hidden csrftoken field) and deletes it through sqladmin's
 * JavaScript (a DELETE with the X-CSRFToken header from services/admin/static/csrf.js), with
 * no CSP violation on the way. The account: e2e/support/staff.ts.
 */

let admin: StaffAccount;

test.beforeAll(() => {
  admin = adminAccount();
});

async function logIn(page: Page) {
  await page.goto('/staff/login?next=/admin/');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/staff/login'));
  await page.getByRole('button', { name: 'Log in' }).click();
  expect((await login).status()).toBe(200);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/');
}

test('an admin creates and deletes a coupon in the admin UI', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await logIn(page);
  const code = `e2e${randomBytes(4).toString('hex')}`;

  await page.goto('/admin/coupon/create');
  await expect(page.locator('form input[name="csrftoken"]')).toHaveCount(1);
  await page.locator('#code').fill(code);
  await page.locator('#discount_type').selectOption('percent');
  await page.locator('#amount').fill('1000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/coupon\/list/);

  await page.goto(`/admin/coupon/list?search=${code}`);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await page.locator('[data-bs-target="#modal-delete"][data-pk]').first().click();
  // sqladmin fills in the modal (and its button's URL) once the modal is shown
  await expect(page.locator('#modal-delete-text')).toContainText('This will permanently delete');
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page.locator('#modal-delete-button').click();
  expect((await deleted).status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/coupon\/list/);
  await page.goto(`/admin/coupon/list?search=${code}`);
  await expect(page.getByText(code, { exact: true })).toHaveCount(0);
  expect(violations).toEqual([]);
});
