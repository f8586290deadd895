#!/usr/bin/env node
// The bundle budget of the README, checked on the built app (dist/): what the first page
// load needs (the entry script, its preloads and CSS) and the largest lazily loaded chunk,
// gzip-compressed as served. Prints the figures; exits 1 when over budget.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = { initialKb: 115, chunkKb: 40 };
const dist = 'dist';
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// a disabled link is not fetched (the inlined entry stylesheet's placeholder, vite.config.ts)
const initial = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
  .filter(([tag]) => !/\sdisabled[\s>]/.test(tag))
  .flatMap(([tag]) => [...tag.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
// index.html itself counts: the entry's stylesheet is inlined there (vite.config.ts)
const initialKb = gz('index.html') + initial.reduce((sum, file) => sum + gz(file), 0);
const lazy = readdirSync(join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => f.endsWith('.js') && !initial.includes(f))
  .map((f) => ({ file: f, kb: gz(f) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`initial load: ${initialKb.toFixed(1)} kB gzip (budget ${BUDGET.initialKb} kB) — index.html, ${initial.join(', ')}`);
for (const { file, kb } of lazy.slice(0, 5)) console.log(`  lazy ${file}: ${kb.toFixed(1)} kB gzip`);
const over = [
  ...(initialKb > BUDGET.initialKb ? [`initial load ${initialKb.toFixed(1)} kB > ${BUDGET.initialKb} kB`] : []),
  ...lazy.filter((c) => c.kb > BUDGET.chunkKb).map((c) => `${c.file} ${c.kb.toFixed(1)} kB > ${BUDGET.chunkKb} kB`),
];
if (over.length) {
  console.error(`bundle budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('bundle budget: ok');
