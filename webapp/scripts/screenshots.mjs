/**
 * Screenshots of the main pages at desktop (1280 px) and mobile (375 px) widths.
 * Usage: npm run screenshots  (server running at E2E_BASE_URL, default http://127.0.0.1:8000)
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000';
const out = process.env.SCREENSHOT_DIR ?? 'screenshots';
const pages = [
  ['home', '/'],
  ['keyboards', '/keyboards'],
  ['product', process.env.SCREENSHOT_PRODUCT ?? '/keyboards/odin-75-wireless'],
  ['cart', '/cart'],
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [width, height, label] of [
  [1280, 900, 'desktop'],
  [375, 812, 'mobile'],
]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Something in the cart so the cart page shows lines.
  await page.goto(`${base}/`);
  await page.evaluate(() =>
    localStorage.setItem('cart', JSON.stringify({ version: 1, state: { items: [{ id: 1103, variationId: null, count: 2, configuration: null }, { id: 1101, variationId: 5102, count: 1, configuration: null }] } })),
  );
  for (const [name, path] of pages) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    if (process.env.FULL_PAGE === '1') {
      // Scroll through so lazy images load before a full-page capture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
    }
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: process.env.FULL_PAGE === '1' });
    console.log(`${out}/${name}-${label}.png`);
  }
  await context.close();
}
await browser.close();
