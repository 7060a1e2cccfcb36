#!/usr/bin/env node
// The table route's first-load JavaScript: every script the exported table page's HTML makes a
// modern browser load (`noModule` polyfills are skipped by such browsers), gzipped and summed.
// Exits 1 above the budget. It also prints, unbudgeted, the chunks those scripts load later
// (the socket layer and its schemas), so the whole cost of a live table is on show.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Usage: node js-budget.mjs [--budget <KB>] [--page <path in out/>]
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const budgetKb = Number(option('--budget', '150'));
if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
  console.error('js-budget: --budget takes a positive number of KB');
  process.exit(2);
}
const BUDGET_BYTES = budgetKb * 1024;

const outDir = new URL('../out/', import.meta.url).pathname;
const page = option('--page', 'table/index.html');
const htmlPath = join(outDir, page);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(htmlPath)) {
  console.error(`js-budget: ${htmlPath} not found; run \`pnpm --filter @banco/web build\` first`);
  process.exit(2);
}

const fileOf = (src) => join(outDir, decodeURIComponent(src.replace(/^\//, '').split('?')[0]));
const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const html = readFileSync(htmlPath, 'utf8');
const initial = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  const src = /\ssrc="([^"]+\.js)"/.exec(tag)?.[1];
  if (src && !/\snomodule\b/i.test(tag)) initial.add(src);
}
if (initial.size === 0) {
  console.error('js-budget: found no scripts in the page, which cannot be right');
  process.exit(2);
}

let first = 0;
const later = new Set();
console.log(`first load of /${page.replace(/index\.html$/, '')}:`);
for (const src of initial) {
  const file = fileOf(src);
  if (!existsSync(file)) {
    console.error(`js-budget: the page loads ${src}, which is not in out/`);
    process.exit(2);
  }
  const size = gzipped(file);
  first += size;
  console.log(`${kb(size).padStart(9)}  ${src}`);
  for (const [, ref] of readFileSync(file, 'utf8').matchAll(/"(static\/chunks\/[^"]+\.js)"/g)) {
    if (!initial.has(`/_next/${ref}`)) later.add(`/_next/${ref}`);
  }
}

let lazy = 0;
for (const src of later) {
  const file = fileOf(src);
  if (existsSync(file)) lazy += gzipped(file);
}

console.log(`table route first-load JS: ${kb(first)} gzipped (budget ${kb(BUDGET_BYTES)})`);
console.log(
  `loaded after the first paint (socket layer, schemas): ${kb(lazy)} in ${later.size} chunks; with it ${kb(first + lazy)}`,
);
if (first > BUDGET_BYTES) {
  console.error(`js-budget: over budget by ${kb(first - BUDGET_BYTES)}`);
  process.exit(1);
}
