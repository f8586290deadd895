#!/usr/bin/env node
// The bundle budget of the README, checked on the built app (dist/): what the first page
// load needs (the entry script, its preloads and CSS) and the largest lazily loaded chunk,
// gzip-compressed as served. Prints the figures; exits 1 when over budget. The first load's
// JavaScript has a budget of its own (issue 23: at most 90 kB; 41 kB since Preact renders,
// docs/decisions/0038-preact-renders-the-react-api.md): the budget keeps that room.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = { initialKb: 120, initialJsKb: 105, chunkKb: 40 };
const dist = 'dist';
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// a disabled link is not fetched (the inlined entry stylesheet's placeholder, vite.config.ts)
const initial = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
  .filter(([tag]) => !/\sdisabled[\s>]/.test(tag))
  .flatMap(([tag]) => [...tag.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
// index.html itself counts: the entry's stylesheet is inlined there (vite.config.ts)
const initialKb = gz('index.html') + initial.reduce((sum, file) => sum + gz(file), 0);
const initialJsKb = initial.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gz(file), 0);
const lazy = readdirSync(join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => f.endsWith('.js') && !initial.includes(f))
  .map((f) => ({ file: f, kb: gz(f) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`initial load: ${initialKb.toFixed(1)} kB gzip (budget ${BUDGET.initialKb} kB) — index.html, ${initial.join(', ')}`);
console.log(`  of it JavaScript: ${initialJsKb.toFixed(1)} kB gzip (budget ${BUDGET.initialJsKb} kB)`);
for (const { file, kb } of lazy.slice(0, 5)) console.log(`  lazy ${file}: ${kb.toFixed(1)} kB gzip`);

// A screen's first paint waits for its chunk and what that chunk imports statically: none of
// it may be Dexie or supabase-js (README "A returning patient's start"; they load after the paint,
// a dose's check-off loads its command on the first tap).
const HEAVY = { Dexie: /DexieError/, 'supabase-js': /GoTrueClient|RealtimeClient|supabase-js/ };
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) staticGraph(`assets/${m[1]}`, seen);
  return seen;
}
// The same for every screen (issue 23: each signed-in route reads the mirror ahead, and its first
// paint must not wait for the data layer); the account and sign-in screens talk to the auth
// service itself, so supabase-js comes with them.
const TALKS_TO_AUTH = /^(email|mfa|password|reset-password|second-factor)-view-/;
const views = readdirSync(join(dist, 'assets')).filter((f) => /-view-[\w-]+\.js$/.test(f) && !TALKS_TO_AUTH.test(f));
const heavyBeforePaint = views.some((f) => /^dashboard-view-/.test(f))
  ? views.flatMap((view) =>
      [...staticGraph(`assets/${view}`)].flatMap((file) => {
        const code = readFileSync(join(dist, file), 'utf8');
        return Object.entries(HEAVY).filter(([, marker]) => marker.test(code)).map(([name]) => `${name} in ${file}, a static import of ${view}`);
      }),
    )
  : ['no dashboard chunk found'];
console.log(`${views.length} screens' chunks and their static imports: ${heavyBeforePaint.length ? 'NOT free of Dexie and supabase-js' : 'free of Dexie and supabase-js'}`);

const over = [
  ...(initialKb > BUDGET.initialKb ? [`initial load ${initialKb.toFixed(1)} kB > ${BUDGET.initialKb} kB`] : []),
  ...(initialJsKb > BUDGET.initialJsKb ? [`initial JavaScript ${initialJsKb.toFixed(1)} kB > ${BUDGET.initialJsKb} kB`] : []),
  ...lazy.filter((c) => c.kb > BUDGET.chunkKb).map((c) => `${c.file} ${c.kb.toFixed(1)} kB > ${BUDGET.chunkKb} kB`),
  ...heavyBeforePaint,
];
if (over.length) {
  console.error(`bundle budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('bundle budget: ok');
