// Lighthouse runner for bench/lighthouse.py (which starts it and prints the table).
//
//   node bench/lighthouse.mjs '<json>'
//
// <json>: {"baseUrl": "http://127.0.0.1:8797", "out": "/tmp/lh.json", "runs": 1,
//          "pages": [{"name": "cart", "path": "/cart", "addToCart": "/keyboards/mjolnir-full-size"}, ...]}
//
// Lighthouse's default config: mobile form factor and screen, simulated slow-4G throttling and
// a 4x CPU slowdown; categories performance and accessibility. Chrome is CHROME_PATH (default
// /usr/bin/chromium), headless. Every page is loaded by a new visitor (its own browser context,
// cold cache); "addToCart" first adds that product in the same context, so the page is measured
// with an item in the cart (Lighthouse clears the HTTP cache but keeps local storage). Before the
// runs, each page is loaded once to warm the server's caches (steady state, not a fresh deploy).
// Writes, per page and run: scores, FCP/LCP/TBT/CLS/SI and the scripts the load fetched; with
// LIGHTHOUSE_DUMP_DIR set, also each whole Lighthouse report as <page>-<run>.json in that folder.

import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// lighthouse and its puppeteer-core are dev dependencies of the webapp.
const webappRequire = createRequire(new URL('../webapp/package.json', import.meta.url));
const load = async (name, from = webappRequire) => import(pathToFileURL(from.resolve(name)).href);
const { default: lighthouse } = await load('lighthouse');
const lighthouseRequire = createRequire(webappRequire.resolve('lighthouse'));
const { default: puppeteer } = await load('puppeteer-core', lighthouseRequire);

const config = JSON.parse(process.argv[2]);
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Adds the product at `path` to the cart like a shopper (its "Add to cart" button), and waits for the server. */
async function addToCart(page, path) {
  await page.goto(new URL(path, config.baseUrl).href, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Add to cart' && !b.disabled), { timeout: 15000 });
  await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add to cart').click());
  // Saved with an item, and the command queue (outbox) empty: the server acknowledged the add.
  await page.waitForFunction(
    () => {
      const saved = JSON.parse(localStorage.getItem('cart') ?? '{}').state ?? {};
      return (saved.items?.length ?? 0) > 0 && (saved.outbox?.length ?? 0) === 0;
    },
    { timeout: 15000 },
  );
}

const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;

const results = [];
try {
  // Warm the server (its catalogue response cache, where hits go compressed), not the browser:
  // every measured load below starts from a new context with a cold HTTP cache.
  const warm = await browser.createBrowserContext();
  const warmPage = await warm.newPage();
  for (const target of config.pages) {
    for (const path of [target.addToCart, target.path].filter(Boolean)) {
      await warmPage.goto(new URL(path, config.baseUrl).href, { waitUntil: 'networkidle0' });
    }
  }
  await warm.close();

  for (let run = 1; run <= (config.runs ?? 1); run++) {
    for (const target of config.pages) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      try {
        if (target.addToCart) await addToCart(page, target.addToCart);
        const url = new URL(target.path, config.baseUrl).href;
        const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
        const { lhr } = await lighthouse(url, flags, undefined, page);
        // LIGHTHOUSE_DUMP_DIR: keep each whole report (long tasks, bootup time, the LCP breakdown).
        if (process.env.LIGHTHOUSE_DUMP_DIR) writeFileSync(`${process.env.LIGHTHOUSE_DUMP_DIR}/${target.name}-${run}.json`, JSON.stringify(lhr));
        const requests = lhr.audits['network-requests']?.details?.items ?? [];
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
          .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue ?? '' }));
        results.push({
          run,
          name: target.name,
          url,
          finalUrl: lhr.finalDisplayedUrl,
          runtimeError: lhr.runtimeError?.message ?? null,
          performance: lhr.categories.performance?.score ?? null,
          accessibility: lhr.categories.accessibility?.score ?? null,
          fcp: metric(lhr, 'first-contentful-paint'),
          lcp: metric(lhr, 'largest-contentful-paint'),
          tbt: metric(lhr, 'total-blocking-time'),
          cls: metric(lhr, 'cumulative-layout-shift'),
          si: metric(lhr, 'speed-index'),
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
          scripts: requests
            .filter((r) => r.resourceType === 'Script')
            .map((r) => ({ url: r.url, transferSize: r.transferSize, resourceSize: r.resourceSize })),
          failing,
        });
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
writeFileSync(config.out, JSON.stringify(results, null, 2));
