// Vite plugin: index.html starts a worker that uses Intl once, while the page is still loading.
//
// The first use of Intl in a browser process loads ICU's locale and time-zone data: measured in
// Chromium at 4× CPU slowdown, the first DateTimeFormat takes about 60 ms on a cold main
// thread, 3–4 ms once a worker of the page has made one. The data is kept per process, not
// per thread, so a worker (same process, another core) takes that cost off the main thread,
// which meanwhile evaluates the app and reads the mirror; the first render then finds it loaded.
// The worker must start before the entry module runs: that is one long task, and a worker
// created inside it only starts after it. Hence a classic inline script in the document's head.
// Where no worker can start (none, or a Content-Security-Policy without `worker-src blob:` and
// this script's hash), nothing happens: the page's first Intl call loads the data, as before.
import type { Plugin } from 'vite';
import { LANGUAGES, TIME_ZONE } from '../src/domain/constants.ts';
import { WALL_CLOCK_LOCALE } from '../src/domain/zoned-time.ts';

/** The worker: one formatter of each kind the first screen uses, per locale; then it says so (also after an error). */
export function icuWarmUpWorkerSource(locales: readonly string[], timeZone: string): string {
  return `const { locales, timeZone } = ${JSON.stringify({ locales, timeZone })};
try {
  for (const locale of locales) {
    new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).formatToParts(0);
    new Intl.NumberFormat(locale).format(1.5);
    new Intl.PluralRules(locale).select(1);
  }
} finally {
  postMessage('warm');
}`;
}

/** The document's script: starts the worker from a blob (no request) and ends it when it reports. */
export function icuWarmUpInlineScript(locales: readonly string[], timeZone: string): string {
  const source = JSON.stringify(icuWarmUpWorkerSource(locales, timeZone));
  return `try{var u=URL.createObjectURL(new Blob([${source}],{type:"text/javascript"})),w=new Worker(u);w.onmessage=w.onerror=function(){w.terminate();URL.revokeObjectURL(u)}}catch(e){}`;
}

/** The locales of the first screen: the app's languages in Switzerland and the wall-clock readings (src/domain/zoned-time.ts). */
export const WARM_LOCALES: readonly string[] = [...LANGUAGES.map((lang) => `${lang}-CH`), WALL_CLOCK_LOCALE];

/** Puts the script right after the viewport meta, ahead of the styles and the entry module. */
export function withIcuWarmUp(html: string, script: string = icuWarmUpInlineScript(WARM_LOCALES, TIME_ZONE)): string {
  const viewport = /<meta name="viewport"[^>]*>/u;
  if (!viewport.test(html)) throw new Error('index.html: no viewport meta to put the ICU warm-up after');
  return html.replace(viewport, (meta) => `${meta}\n    <script>${script}</script>`);
}

export function icuWarmUp(): Plugin {
  return { name: 'icu-warm-up', transformIndexHtml: { order: 'pre', handler: (html) => withIcuWarmUp(html) } };
}
