/**
 * Screenshots of the support console for docs/support.md (docs/images/support-*.png): the search,
 * a cart's timeline at one version, and the audit log. Needs a running shop with demo staff
 * (DEMO_STAFF_PASSWORD) and at least one order; E2E_BASE_URL (default http://127.0.0.1:8000),
 * E2E_SUPPORT_EMAIL / E2E_STAFF_EMAIL / E2E_STAFF_PASSWORD, SCREENSHOT_QUERY (an order number).
 * Usage: node scripts/support-screenshots.mjs
 */
import { chromium } from '@playwright/test';

const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000';
const out = process.env.SCREENSHOT_DIR ?? '../docs/images';
const password = process.env.E2E_STAFF_PASSWORD;
const query = process.env.SCREENSHOT_QUERY;
if (!password || !query) throw new Error('Set E2E_STAFF_PASSWORD and SCREENSHOT_QUERY.');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});

async function signedIn(email, height = 900) {
  const context = await browser.newContext({ viewport: { width: 1280, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Cookie consent answered, so its banner does not cover the console.
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.setItem('acceptCookies', 'true'));
  await page.goto(`${base}/staff/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/staff/login'));
  return page;
}

const support = await signedIn(process.env.E2E_SUPPORT_EMAIL ?? 'support@halvard.gg', 1500);
await support.goto(`${base}/support?q=${encodeURIComponent(query)}`);
await support.getByRole('row').nth(1).waitFor();
await support.screenshot({ path: `${out}/support-search.png` });
await support.getByRole('row').nth(1).getByRole('link').first().click();
await support.getByRole('slider', { name: 'Version' }).waitFor();
const slider = support.getByRole('slider', { name: 'Version' });
const max = Number(await slider.getAttribute('max'));
await slider.fill(String(Math.max(1, max - 2)));
await support.waitForURL(new RegExp(`[?&]version=${Math.max(1, max - 2)}\\b`)); // the state panel follows the slider
await support.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
await support.screenshot({ path: `${out}/support-timeline.png` });

const admin = await signedIn(process.env.E2E_STAFF_EMAIL ?? 'admin@halvard.gg');
await admin.goto(`${base}/support/audit`);
await admin.getByRole('row').nth(1).waitFor();
await admin.screenshot({ path: `${out}/support-audit.png` });
await browser.close();
console.log(`screenshots written to ${out}`);
