#!/usr/bin/env node
/**
 * Gate (docs/targets.md section 4.7): the shopper's initial JavaScript — the entry script and the
 * modulepreloads that dist/index.html names, each gzip-compressed at level 6 and summed — stays at
 * or under the budget (default 120 KB; INITIAL_JS_BUDGET_KB overrides). Run after `vite build`;
 * exits 1 with the per-file sizes when over. Lazy chunks (route pages, staff pages, the
 * configurator, the header's search combobox, the newsletter dialog) are not counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const budgetKb = Number(process.env.INITIAL_JS_BUDGET_KB ?? 120);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const urls = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
if (urls.length === 0) {
  console.error('check-initial-js: dist/index.html names no script; build first');
  process.exit(1);
}
let total = 0;
const rows = urls.map((url) => {
  const gz = gzipSync(readFileSync(join(dist, url)), { level: 6 }).length;
  total += gz;
  return `  ${(gz / 1024).toFixed(1).padStart(7)} KB gz  ${url}`;
});
const verdict = total <= budgetKb * 1024 ? 'ok' : 'OVER BUDGET';
console.log(`initial JavaScript (entry + modulepreloads): ${(total / 1024).toFixed(1)} KB gz, budget ${budgetKb} KB: ${verdict}`);
if (verdict !== 'ok') {
  console.log(rows.join('\n'));
  process.exit(1);
}
