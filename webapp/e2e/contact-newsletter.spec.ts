import { expect, test, type Page } from '@playwright/test';
import { closeMailbox, readMailbox } from './support/mailbox';

/** Contact page 'Get In Touch' and the newsletter (docs/spec.md sections 2, 4, 5, 8) against a seeded server. */

const TOPIC = 'Online Store – Questions about our store and your shipment';
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test.afterAll(closeMailbox);

async function fillContact(page: Page, values: { order?: string; name?: string; email?: string; message?: string }) {
  const form = page.getByRole('form', { name: 'Contact form' });
  if (values.order !== undefined) await form.getByLabel(/^Order number/).fill(values.order);
  if (values.name !== undefined) await form.getByLabel(/^Name/).fill(values.name);
  if (values.email !== undefined) await form.getByLabel(/^Email/).fill(values.email);
  if (values.message !== undefined) await form.getByLabel(/^Message/).fill(values.message);
}

test.describe('contact page', () => {
  test('shows the CMS intro and the spec validation texts; nothing is sent while invalid', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/mail') && posts.push(request.url()));
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get In Touch' })).toBeVisible();
    await expect(page.getByText(/our support team in Gothenburg/)).toBeVisible(); // the CMS page 'contact'
    await expect(page.getByLabel('Topic')).toHaveValue(TOPIC);

    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please provide a valid email adress')).toBeVisible();
    await expect(page.getByText('Please write something')).toBeVisible();

    await fillContact(page, { order: 'ABC', email: 'ada@example', message: 'Hello' });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a numeric order number')).toBeVisible();
    await expect(page.getByText('Please provide a valid email adress')).toBeVisible();
    await expect(page.getByText('Please write something')).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test('a message is sent once, reaches the support mailbox, and "Send another one" keeps name and email', async ({ page, request, baseURL }) => {
    const text = `Where is my keyboard? ${unique()}`;
    await page.goto('/contact');
    await fillContact(page, { order: '4711', name: 'Ada Lovelace', email: 'ada@example.com', message: text });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/mail') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByText("Thanks, we'll get back to you as soon as we can!")).toBeVisible();

    // The mail sink is for admins only: a visitor gets 401 and no mail.
    await expect
      .poll(async () => {
        const anonymous = await request.get('/api/dev/mailbox?to=support@halvard.gg');
        return [anonymous.status(), (await anonymous.text()).includes(text)];
      })
      .toEqual([401, false]);
    const mails = await readMailbox(baseURL, 'support@halvard.gg');
    const mail = mails.find((m) => m.text.includes(text));
    expect(mail).toBeTruthy();
    expect(mail?.text).toContain('Order number: 4711');
    expect(mail?.subject).toContain('Ada Lovelace');

    await page.getByRole('button', { name: 'Send another one' }).click();
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByLabel(/^Name/)).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel(/^Email/)).toHaveValue('ada@example.com');
    await expect(form.getByLabel(/^Message/)).toHaveValue('');
  });

  test('a server failure shows the support address and "Try again"; double submit sends one request', async ({ page }) => {
    let calls = 0;
    // The failing answer is held back until the test has seen the form sending (no fixed delay).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/mail', async (route) => {
      calls += 1;
      await answered;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal_error"}' });
    });
    await page.goto('/contact');
    await fillContact(page, { name: 'Ada', email: 'ada@example.com', message: `Broken ${unique()}` });
    const send = page.getByRole('button', { name: 'Send' });
    await send.click();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await page.getByRole('form', { name: 'Contact form' }).evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer();

    const host = new URL(page.url()).hostname;
    await expect(page.getByRole('alert')).toHaveText(`Something went wrong, please try again later or send an email to support[at]${host}`);
    expect(calls).toBe(1);

    await page.unroute('**/api/mail');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel(/^Name/)).toHaveValue('Ada');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText("Thanks, we'll get back to you as soon as we can!")).toBeVisible();
  });
});

test.describe('newsletter', () => {
  test('footer form: ignored without the privacy box, then invalid email, then signed up', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/newsletter') && posts.push(request.postData() ?? ''));
    await page.goto('/');
    const footer = page.locator('footer');
    const email = footer.getByRole('textbox', { name: 'Email address' });
    const box = footer.getByRole('checkbox', { name: /privacy policy/ });
    await email.fill(`footer-${unique()}@example.com`);
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(box).toBeFocused();
    expect(posts).toEqual([]);

    await email.fill('not-an-address');
    await box.check();
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(footer.getByText('Please enter a valid email')).toBeVisible();
    expect(posts).toEqual([]);

    const address = `footer-${unique()}@example.com`;
    await email.fill(address);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await footer.getByRole('button', { name: 'Sign up' }).click();
    expect((await answer).status()).toBe(200);
    await expect(footer.getByText(/Thanks for signing up!/)).toBeVisible();
    expect(JSON.parse(posts[0])).toEqual({ email: address, tags: ['storefront'], source: 'footer' });
  });

  test('the modal opens on ?newsletter, is a labelled modal dialog, and closes with Escape', async ({ page }) => {
    await page.goto('/?newsletter');
    const dialog = page.getByRole('dialog', { name: 'Join the newsletter' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto('/mice');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the modal signs up, and shows the failure text when the server fails', async ({ page }) => {
    await page.goto('/keyboards?newsletter=1');
    const dialog = page.getByRole('dialog', { name: 'Join the newsletter' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(`modal-${unique()}@example.com`);
    await dialog.getByRole('checkbox', { name: /privacy policy/ }).check();

    await page.route('**/api/newsletter', (route) => route.fulfill({ status: 500, body: '' }));
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Something went wrong, please try again later');

    await page.unroute('**/api/newsletter');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    expect((await answer).status()).toBe(200);
    await expect(dialog.getByText(/Thanks for signing up!/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test("the top bar's Newsletter button opens the modal: focus trapped, Escape closes it, focus back on the button", async ({ page }) => {
    await page.goto('/keyboards');
    const button = page.getByRole('banner').getByRole('button', { name: 'Newsletter' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Join the newsletter' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/keyboards'); // no scroll to the footer, no URL change
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter'); // opens again from the keyboard
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("on a phone the menu's Newsletter button opens the modal; closing it focuses the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Newsletter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the newsletter' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('double opt-in: the mailed link confirms, the unsubscribe link unsubscribes with one click, signing up again works', async ({ page, request, baseURL }) => {
    const address = `optin-${unique()}@example.com`;
    const mails = () => readMailbox(baseURL, address);
    const pathOf = (text: string, pattern: RegExp) => {
      const url = new URL(text.match(pattern)?.[0] ?? 'http://none/');
      return url.pathname + url.search;
    };

    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(address);
    await footer.getByRole('checkbox', { name: /privacy policy/ }).check();
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await expect(footer.getByText('Thanks for signing up! Please check your inbox to confirm your subscription.')).toBeVisible();

    const [confirmation] = await mails();
    expect(confirmation.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const confirmPath = pathOf(confirmation.text, /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
    const unsubscribePath = pathOf(confirmation.text, /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/);

    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
    await page.reload(); // opening the link again answers the same
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();

    await page.goto(unsubscribePath);
    await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
    await page.goto(confirmPath); // the old confirm link does not bring it back
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();

    // Signing up again (the page's link opens the modal) mails a new confirmation.
    await page.goto(unsubscribePath);
    await page.getByRole('link', { name: 'Sign up again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the newsletter' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(address);
    await dialog.getByRole('checkbox', { name: /privacy policy/ }).check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog.getByText(/Thanks for signing up!/)).toBeVisible();
    const [renewed] = await mails();
    const oneClick = new URL(renewed.headers['List-Unsubscribe'].slice(1, -1));
    await page.goto(pathOf(renewed.text, /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/));
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();

    // RFC 8058: a mail client POSTs the header's URL; a GET of it only leads to the page.
    const viaClient = await request.post(oneClick.pathname + oneClick.search, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(viaClient.status()).toBe(200);
    expect(((await viaClient.json()) as { status: string }).status).toBe('unsubscribed');
    await page.goto(oneClick.pathname + oneClick.search);
    await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
  });
});
