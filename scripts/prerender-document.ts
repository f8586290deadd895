// The documents the build writes for the routes (scripts/prerender.ts), as pure functions of the
// built index.html and the rendered markups.
import { documentFile } from '../src/app/route-document.ts';
import { BODY_SCRIPT, headScript, type DocumentFacts } from './prerender-scripts.ts';
import { APPEND_IN_SLICES } from './links-in-slices.ts';
import { fontWarmUpScript } from './font-warm-up.ts';
import { inlinedSheetLink, inlinedSheetLinkPattern } from './inlined-sheet-link.ts';

/** The path rendered for a pattern: optional parameters left out, a required one named by itself. */
export const renderedPath = (pattern: string): string =>
  pattern
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
    .map((segment) => (segment.startsWith(':') ? `_${segment.slice(1)}` : segment))
    .join('/') || '/';

/**
 * The first paint waits until the document is parsed. Chromium paints a document it has only
 * partly parsed (a probe: half a header on screen while the rest was on its way), and a first
 * layout with the header's first language button but not its second moved that button when the
 * second came (a layout shift of 0.001 in one start of 87, docs/performance.md). A render-blocking
 * `expect` link holds rendering until the element it names is parsed, or the parsing ends.
 * (decision 0064)
 */
export const PARSED_ID = 'document-parsed';
const RENDER_HELD = `<link rel="expect" href="#${PARSED_ID}" blocking="render">`;
const PARSED_MARK = `<i id="${PARSED_ID}" hidden></i>`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The built index.html with a route's markups: the first in the root, the others in templates,
 * and the two scripts. `styles`: the route's own style sheets (its view's chunk's), inlined after
 * the entry's, each with a link to its file that is never fetched (inlined-sheet-link.ts) — Vite's
 * loader finds the link and adds the sheet no second time. A page painted before its view's chunk
 * arrives needs them in the document.
 */
export function routeDocument(shell: string, facts: DocumentFacts, markups: Record<string, string>, styles: ReadonlyArray<{ file: string; css: string }> = []): string {
  const [first, ...others] = facts.variants;
  if (!first) throw new Error('prerender: a document without markup');
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  const viewport = /<meta name="viewport"[^>]*>/u;
  if (!viewport.test(shell)) throw new Error('prerender: index.html has no viewport meta');
  const templates = others.map((variant) => `<template id="prerender-${variant}" data-prerender>${markups[variant]}</template>`).join('');
  const entryStyle = inlinedSheetLinkPattern('\\/assets\\/index-[^"]+\\.css');
  if (styles.length && !entryStyle.test(shell)) throw new Error("prerender: index.html has no entry style sheet's link to put a route's after");
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/u;
  const entryFile = entry.exec(shell)?.[1];
  if (!entryFile) throw new Error('prerender: index.html has no entry module');
  const modulePreload = /\n?\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/gu;
  const preloads = [entryFile, ...[...shell.matchAll(modulePreload)].map((m) => m[1]!)];
  const routeStyles = styles.map(({ file, css }) => `\n    <style>${css.trim()}</style>\n    ${inlinedSheetLink(`/${file}`)}`).join('');
  // the shell's own classic scripts (the ICU warm-up, the catalogue's and the route's preloads) wait
  // for the first paint too (the document's, below, run before it), as does the font warm-up
  return shell
    .replace(/<script>([\s\S]*?)<\/script>/gu, (_, code: string) => `<script>${afterFirstPaint(code)}</script>`)
    .replace(entryStyle, (link) => `${link}${routeStyles}`)
    .replace(/<html lang="[^"]*">/u, `<html lang="${first.split(':')[0]}">`)
    .replace(/<title>[^<]*<\/title>/u, `<title>${escapeText(facts.titles[first] ?? '')}</title>`)
    .replace(modulePreload, '')
    .replace(entry, `<script type="module">${afterFirstPaint(`import(${JSON.stringify(entryFile)})`)}</script>`)
    .replace(viewport, (meta) => `${meta}\n    ${RENDER_HELD}\n    <script>${headScript(facts)}</script>\n    <script>${afterFirstPaint(modulePreloadScript(preloads))}</script>`)
    .replace(root, `<div id="root" data-variant="${escapeAttribute(first)}" inert>${markups[first]}</div>${templates}<script>${afterFirstPaint(fontWarmUpScript())}</script><script>${BODY_SCRIPT}</script>${PARSED_MARK}`);
}

/** Netlify / Cloudflare Pages rewrites for the patterns with a parameter (the others are found as `<path>.html`). */
export function redirectsFile(patterns: readonly string[]): string {
  const rewrites = patterns.filter((pattern) => pattern.includes('/:')).map((pattern) => `${pattern.replace(/\?$/u, '')} ${documentFile(pattern)} 200`);
  return `${rewrites.join('\n')}\n`;
}


/**
 * Runs `code` in the task after the document's first frame. The page's scripts and their requests
 * wait for its prerendered markup to be painted: the entry module, arrived early (preloaded, or
 * from the service worker), would otherwise run at the end of parsing, before the first paint,
 * and the page would show nothing until React and the app had been evaluated; and a file that
 * arrives before the first paint — on this machine's loopback, all of them — is counted by
 * Lighthouse's simulation as one the paint waited for. In a hidden tab no frame comes: at once.
 */
export function afterFirstPaint(code: string): string {
  return `(function(r){document.visibilityState==="hidden"?r():requestAnimationFrame(function(){setTimeout(r,0)})})(function(){${code}})`;
}

/**
 * The entry and the modules it imports, asked for by a script after the first paint (as the
 * route's own files are, route-preload.ts), not by links in the document: they are not what the
 * first paint waits for, and Lighthouse's simulation counts a parser's request of high priority
 * that arrived before it as blocking it. A few links per task (links-in-slices.ts).
 */
export function modulePreloadScript(files: readonly string[]): string {
  return `(${APPEND_IN_SLICES})(${JSON.stringify(files)}.map(function(h){var k=document.createElement("link");k.rel="modulepreload";k.crossOrigin="";k.href=h;return k}))`;
}
