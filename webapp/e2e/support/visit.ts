import { axeScan } from './axe';
import { expect, type Page } from '@playwright/test';
import { expectHeaderFor, expectNoSidewaysScroll } from './layout';
import { renderAll, settle } from './shop';

/**
 * One visit of a storefront route as a new visitor, with every per-page check the specs make of
 * it, so that each (route, width) is loaded and scrolled through once (e2e/routes.spec.ts) instead
 * of once per spec:
 * - the console stays clean (docs/spec.md section 8, "Console"): no console error and no page
 *   error, but the browser's own "Failed to load resource" line for a refusal the visit provokes
 *   on purpose (its path and status);
 * - the page runs under its Content-Security-Policy (docs/operations.md, Security): the policy
 *   came with the page, and no console message or `securitypolicyviolation` event reports a
 *   violation;
 * - no sideways scroll, and the mobile header at 980 px and below (docs/spec.md sections 2 and 9);
 * - axe-core finds no serious or critical violation on the whole document.
 */

/** A refusal a visit provokes on purpose: the request's path (a RegExp over the pathname) and its status. */
export interface Refusal {
  path: RegExp;
  status: number;
}

/** A route a new visitor can open directly, with the refusals opening it provokes on purpose. */
export interface VisitorRoute {
  path: string;
  refusals?: Refusal[];
}

export const SIMPLE_PRODUCT = '/keyboards/mjolnir-full-size';
export const VARIABLE_PRODUCT = '/headsets/bragi-pro-wireless';
/** Content blocks: tech specs, reviews and video carousels, FAQ. */
export const VIDEO_PRODUCT = '/keyboards/odin-75-wireless';

const CATEGORIES = [
  'headsets', 'headset-accessories', 'headset-spare-parts',
  'keyboards', 'keyboard-accessories', 'keyboard-switches', 'custom-keyboard-parts', 'keyboard-spare-parts',
  'mice', 'mouse-accessories', 'custom-mouse-parts', 'mouse-spare-parts',
  'mousepads', 'microphones', 'mic-accessories', 'merch',
];

/**
 * Every route of the spec's route table (section 2) that the demo shop serves and a new visitor
 * can open directly (the cart, checkout and order pages with an item need a cart first: their own
 * specs). e2e/routes.spec.ts visits each at 1280 and 375 px; the specs that sweep more routes
 * (console-clean, responsive) leave these out at those widths.
 */
export const VISITOR_ROUTES: VisitorRoute[] = [
  { path: '/' },
  ...CATEGORIES.map((slug) => ({ path: `/${slug}` })),
  { path: SIMPLE_PRODUCT },
  { path: VARIABLE_PRODUCT },
  { path: VIDEO_PRODUCT },
  { path: '/customize' },
  { path: '/custom-keyboard-builder' },
  { path: '/resellers' },
  { path: '/distributors' },
  { path: '/contact' },
  { path: '/cart' },
  { path: '/press' },
  { path: '/news' },
  { path: '/skadi-ergo-white-restock' },
  { path: '/search?query=odin' },
  { path: '/cookies-policy' },
  { path: '/about' },
  { path: '/this-page-does-not-exist', refusals: [{ path: /^\/this-page-does-not-exist$/, status: 404 }] },
  {
    path: '/order/123456',
    refusals: [
      { path: /^\/order\/123456$/, status: 404 },
      { path: /^\/api\/wc\/orders\/123456$/, status: 404 },
    ],
  },
  { path: '/staff/login' },
];

/**
 * The viewports at which e2e/routes.spec.ts visits every route of VISITOR_ROUTES, and at which
 * console-clean.spec.ts and a11y.spec.ts make their checks (so the routes left to those specs
 * are exactly the ones this sweep does not visit).
 */
export const VISITOR_VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/** VISITOR_VIEWPORTS' widths. */
export const VISITOR_WIDTHS: readonly number[] = VISITOR_VIEWPORTS.map((viewport) => viewport.width);

/** Whether e2e/routes.spec.ts visits `path` (at VISITOR_WIDTHS). */
export const visitedByRouteSweep = (path: string) => VISITOR_ROUTES.some((route) => route.path === path);

const NETWORK_LINE = /^Failed to load resource: the server responded with a status of (\d{3})/;

/**
 * Starts recording the page's console errors and page errors; `allow` (mutable: each visit sets
 * its own) lists the refusals whose network lines are expected. Returns the list of problems.
 */
export function watchConsole(page: Page, allow: { refusals: Refusal[] }): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const where = message.location().url ?? '';
    const status = NETWORK_LINE.exec(text)?.[1];
    if (status && where) {
      const path = new URL(where).pathname;
      if (allow.refusals.some((r) => r.status === Number(status) && r.path.test(path))) return;
    }
    problems.push(`${page.url()}: console error "${text}" (${where})`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: page error ${error.name}: ${error.message}`));
  return problems;
}

const THUMBNAIL = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#333"/></svg>';

/** The tests run offline: the video provider's thumbnails and player are answered locally. */
export async function offlineVideoHost(page: Page) {
  await page.route(/^https:\/\/(i\.ytimg\.com|[a-z.]*youtube(-nocookie)?\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: THUMBNAIL }),
  );
}

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Collects CSP reports from the console and from `securitypolicyviolation` events (call before the first `goto`). */
export async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) found.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return found;
}

/** Fails on any CSP report `watchCsp` collected, or any violation event of the current document. */
export async function expectNoCspViolation(page: Page, found: string[]) {
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  expect([...found, ...events]).toEqual([]);
}

/** The policy of a storefront page: scripts of the shop only, nothing inline. */
export function expectStorefrontPolicy(policy: string | undefined) {
  expect(policy ?? '').toContain("script-src 'self'");
  expect(policy ?? '').not.toContain('unsafe-inline');
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** One readable paragraph per violation: rule, impact, help, and where (up to 5 elements). */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** Scans the page (whole document, every axe rule) and fails on serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const results = await axeScan(page).analyze();
  const serious = (results.violations as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id), `axe on ${where}:\n${describeViolations(serious)}`).toEqual([]);
}

/**
 * Opens `route` as a new visitor at the page's viewport (`width` px wide), waits until it has
 * rendered every on-demand block, and makes every check listed at the top of this file.
 */
export async function visitAsNewVisitor(page: Page, route: VisitorRoute, width: number) {
  const allow = { refusals: route.refusals ?? [] };
  const problems = watchConsole(page, allow);
  const csp = await watchCsp(page);
  await offlineVideoHost(page);

  const response = await page.goto(route.path);
  expectStorefrontPolicy(response?.headers()['content-security-policy']);
  await settle(page);
  await renderAll(page); // blocks below the fold render near the viewport: check them too
  const where = `${route.path} at ${width} px`;
  await expectNoSidewaysScroll(page, where);
  await expectHeaderFor(page, width);
  await expectNoCspViolation(page, csp);
  expect(problems, `console of ${where}`).toEqual([]);
  await expectNoSeriousViolations(page, where);
}
