#!/usr/bin/env node
// The bundle budget (docs/performance.md, "Budgets"), checked on the built app (dist/): what the
// first page load needs (the document, the entry script, the modules it imports and its styles)
// and the largest lazily loaded chunk, gzip-compressed as served. Prints the figures; exits 1
// when over budget. The first load's JavaScript is counted as React's (react, react-dom,
// scheduler: their own chunk) and the app's own: the renderer's share is what React DOM costs
// (decision 0042), the app's own is kept at most what it was before React DOM came back (31.6 kB).
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = { initialKb: 110, initialJsKb: 100, appJsKb: 32, chunkKb: 40 };
const dist = 'dist';
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

// Vite's manifest: the entry (index.html) and its static imports, each with its styles
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key === 'index.html');
if (!entryKey) throw new Error('check-bundle: no entry index.html in dist/.vite/manifest.json');
const initial = [];
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.includes(chunk.file)) return;
  initial.push(chunk.file);
  for (const css of chunk.css ?? []) if (!initial.includes(css)) initial.push(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
// the entry's styles are inlined in the document (vite.config.ts): counted with it
const inlined = new Set(manifest[entryKey].css ?? []);
initial.splice(0, initial.length, ...initial.filter((file) => !inlined.has(file)));
// the document counts too, with its route's markup prerendered (scripts/prerender.ts); the home page's is the largest
const initialKb = gz('index.html') + initial.reduce((sum, file) => sum + gz(file), 0);
const initialJs = initial.filter((file) => file.endsWith('.js'));
const initialJsKb = initialJs.reduce((sum, file) => sum + gz(file), 0);
const reactJs = initialJs.filter((file) => /^assets\/react-dom-[\w-]+\.js$/.test(file));
if (reactJs.length !== 1) throw new Error(`check-bundle: expected React's own chunk in the first load, found ${reactJs.join(', ') || 'none'}`);
const reactKb = gz(reactJs[0]);
const appJsKb = initialJsKb - reactKb;
const lazy = readdirSync(join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => f.endsWith('.js') && !initial.includes(f))
  .map((f) => ({ file: f, kb: gz(f) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`initial load: ${initialKb.toFixed(1)} kB gzip (budget ${BUDGET.initialKb} kB) — index.html, ${initial.join(', ')}`);
console.log(`  of it JavaScript: ${initialJsKb.toFixed(1)} kB gzip (budget ${BUDGET.initialJsKb} kB): React ${reactKb.toFixed(1)} kB, the app's own ${appJsKb.toFixed(1)} kB (budget ${BUDGET.appJsKb} kB)`);
for (const { file, kb } of lazy.slice(0, 5)) console.log(`  lazy ${file}: ${kb.toFixed(1)} kB gzip`);

// A screen's first paint waits for its chunk and what that chunk imports statically: none of
// it may be Dexie or supabase-js (decision 0037; they load after the paint, a dose's check-off
// loads its command on the first tap).
const HEAVY = { Dexie: /DexieError/, 'supabase-js': /GoTrueClient|RealtimeClient|supabase-js/ };
function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) staticGraph(`assets/${m[1]}`, seen);
  return seen;
}
// The same for every screen (issue 23: each signed-in route reads the mirror ahead, and its first
// paint must not wait for the data layer); the e-mail, two-factor and second-factor screens talk
// to the auth service itself, so supabase-js comes with them. The password pages get it with the
// first call (decision 0062).
const TALKS_TO_AUTH = /^(email|mfa|second-factor)-view-/;
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
  ...(appJsKb > BUDGET.appJsKb ? [`the app's own initial JavaScript ${appJsKb.toFixed(1)} kB > ${BUDGET.appJsKb} kB`] : []),
  ...lazy.filter((c) => c.kb > BUDGET.chunkKb).map((c) => `${c.file} ${c.kb.toFixed(1)} kB > ${BUDGET.chunkKb} kB`),
  ...heavyBeforePaint,
];
if (over.length) {
  console.error(`bundle budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('bundle budget: ok');
