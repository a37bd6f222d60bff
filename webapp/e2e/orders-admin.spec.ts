import { expect, test, type Page } from '@playwright/test';
import { closeMailbox, readMailbox } from './support/mailbox';
import { checkoutOneMouse, placeOrderAs } from './support/shop';
import { adminAccount, type StaffAccount } from './support/staff';

/**
 * The staff order workflow in a real browser (docs/checkout.md "Order workflow", docs/spec.md
 * section 4.1): a shopper places a bank-transfer order (on-hold); an admin opens it in the
 * admin, marks it paid, then shipped with a carrier and tracking number, and the order is
 * "completed"; the shopper opens the link from the "shipped" mail in a fresh browser (no storage,
 * no cookies) and sees the order completed with its tracking number. The account:
 * e2e/support/staff.ts.
 */

test.afterAll(closeMailbox);

let admin: StaffAccount;

test.beforeAll(() => {
  admin = adminAccount();
});

async function placeBankTransferOrder(page: Page, email: string): Promise<string> {
  await checkoutOneMouse(page);
  await expect(page).toHaveURL(/\/checkout\?currency=EUR&country=DE$/);
  await expect(page.getByRole('radio', { name: 'Direct bank transfer' })).toBeChecked();
  await placeOrderAs(page, email);
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
  return /\/order\/(\d+)(#|$)/.exec(page.url())![1];
}

test('an admin marks a bank-transfer order paid, then shipped, and the shopper sees it from the mailed link', async ({ browser, baseURL }) => {
  const shopper = await browser.newPage();
  const email = `orders.${Date.now()}@example.com`;
  const orderId = await placeBankTransferOrder(shopper, email);
  await shopper.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/staff/login?next=/admin/order/details/${orderId}`);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/order/details/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('on-hold');
  await expect(page.getByTestId('order-total')).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);

  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('processing');
  await expect(page.getByTestId('order-history')).toContainText('Payment received.');

  await page.getByLabel('Carrier').fill('DHL');
  await page.getByLabel('Tracking number').fill('JJD000390007801234');
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('completed');
  await expect(page.getByTestId('order-shipments')).toContainText('JJD000390007801234');
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await expect(page.getByTestId('order-mails')).toContainText('has been shipped');
  await context.close();

  // The shopper's "shipped" mail links to the order; a browser with nothing stored opens it.
  const shippedMail = async () => (await readMailbox(baseURL, email)).find((m) => m.subject.includes('has been shipped'));
  await expect.poll(async () => (await shippedMail()) !== undefined, { message: 'the shipped mail' }).toBe(true);
  const mail = (await shippedMail())!;
  expect(mail.text).toContain('JJD000390007801234');
  const link = /View your order: (\S+)/.exec(mail.text)![1];
  expect(link).toMatch(new RegExp(`/order/${orderId}#key=ol_[\\w-]+$`));
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expect(other.getByTestId('order-status')).toHaveText('Completed');
    await expect(other.getByText('JJD000390007801234')).toBeVisible();
  } finally {
    await fresh.close();
  }
});
