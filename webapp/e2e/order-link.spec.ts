import { expect, test, type Page, type Request } from '@playwright/test';
import { closeMailbox, readMailbox } from './support/mailbox';
import { checkoutOneMouse, placeOrderAs } from './support/shop';

/**
 * The confirmation mail's order link opens the order in any browser (docs/spec.md section 2.12;
 * docs/checkout.md "Order links"): a bank-transfer order is placed, its mail read from the embedded
 * mail sink, and its "View your order" link opened in a fresh browser context (no storage, no
 * cookies). The key rides in the URL fragment and goes to the API as the X-Order-Key header: no
 * request URL carries it.
 */

test.afterAll(closeMailbox);

/** Every request URL the page makes, and the X-Order-Key header of each order read. */
function watch(page: Page) {
  const urls: string[] = [];
  const orderKeys: string[] = [];
  page.on('request', (r: Request) => {
    urls.push(r.url());
    if (new URL(r.url()).pathname.startsWith('/api/wc/orders/')) orderKeys.push(r.headers()['x-order-key'] ?? '');
  });
  return { urls, orderKeys };
}

test("the confirmation mail's link opens the order, its status and bank details in a fresh browser", async ({ page, browser, baseURL }) => {
  const buyer = watch(page);

  // A cart with one mouse (no stock management), handed off to the checkout, placed by bank transfer.
  await checkoutOneMouse(page);
  await expect(page.getByRole('radio', { name: 'Direct bank transfer' })).toBeChecked();
  const email = `link.${Date.now()}@example.com`;
  await placeOrderAs(page, email);
  await expect(page.getByRole('heading', { level: 1, name: "Thanks, we've received your order!" })).toBeVisible();
  const [, orderId] = /\/order\/(\d+)#key=wc_order_[\w-]+$/.exec(page.url())!;
  const total = (await page.getByTestId('order-total').textContent())!;
  expect(total).toMatch(/^€\d+\.\d{2}$/);

  // The mail: a "View your order" link to this server with the signed key in the fragment.
  await expect.poll(async () => (await readMailbox(baseURL, email)).length, { message: 'one confirmation mail' }).toBe(1);
  const [mail] = await readMailbox(baseURL, email);
  const link = /View your order: (\S+)/.exec(mail.text)![1];
  expect(link).toBe(`${new URL(baseURL!).origin}/order/${orderId}${/#key=ol_[\w-]+$/.exec(link)![0]}`);
  expect(mail.text).toContain(`Reference: ${orderId}`);
  expect(mail.text).toContain(`Amount: ${total}`);
  expect(mail.text).toContain('Germany');
  expect(mail.html).toContain('View your order');

  // Another browser: nothing stored, not signed in.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const stranger = watch(other);
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expect(other.getByTestId('order-number')).toHaveText(orderId);
    await expect(other.getByTestId('order-status')).toHaveText('On hold');
    await expect(other.getByTestId('order-total')).toHaveText(total);
    await expect(other.getByTestId('bank-iban')).toHaveText('DE89 3704 0044 0532 0130 00');
    await expect(other.getByTestId('bank-reference')).toHaveText(orderId);
    await expect(other.getByTestId('bank-amount')).toHaveText(total);
    await expect(other.getByTestId('bank-transfer-summary')).toHaveText(
      `Please transfer exactly ${total} and use your order number ${orderId} as the payment reference.`,
    );
    await expect(other.getByRole('region', { name: 'Addresses' }).getByText('Germany').first()).toBeVisible();

    // Reloading keeps working (the key stays in the fragment and in local storage).
    await other.reload();
    await expect(other.getByTestId('order-status')).toHaveText('On hold');
    expect(stranger.orderKeys.length).toBeGreaterThanOrEqual(2);
    for (const key of stranger.orderKeys) expect(key).toMatch(/^ol_[\w-]+$/);
    for (const url of [...stranger.urls, ...buyer.urls]) expect(url).not.toMatch(/[?&]key=|wc_order_|ol_[\w-]{20}/);
  } finally {
    await fresh.close();
  }
});
