// The documents the build writes for the routes (scripts/prerender.ts), as pure functions of the
// built index.html and the rendered markups.
import { documentFile } from '../src/app/route-document.ts';
import { BODY_SCRIPT, headScript, type DocumentFacts } from './prerender-scripts.ts';

/** The path rendered for a pattern: optional parameters left out, a required one named by itself. */
export const renderedPath = (pattern: string): string =>
  pattern
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
    .map((segment) => (segment.startsWith(':') ? `_${segment.slice(1)}` : segment))
    .join('/') || '/';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The built index.html with a route's markups: the first in the root, the others in templates,
 * and the two scripts. `styles`: the route's own style sheets (its view's chunk's), inlined after
 * the entry's, each with a disabled link to its file — Vite's loader finds the link and adds the
 * sheet no second time. A page painted before its view's chunk arrives needs them in the document.
 */
export function routeDocument(shell: string, facts: DocumentFacts, markups: Record<string, string>, styles: ReadonlyArray<{ file: string; css: string }> = []): string {
  const [first, ...others] = facts.variants;
  if (!first) throw new Error('prerender: a document without markup');
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  const viewport = /<meta name="viewport"[^>]*>/u;
  if (!viewport.test(shell)) throw new Error('prerender: index.html has no viewport meta');
  const templates = others.map((variant) => `<template id="prerender-${variant}" data-prerender>${markups[variant]}</template>`).join('');
  const entryStyle = /<link disabled rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/u;
  if (styles.length && !entryStyle.test(shell)) throw new Error("prerender: index.html has no entry style sheet's link to put a route's after");
  const routeStyles = styles.map(({ file, css }) => `\n    <style>${css.trim()}</style>\n    <link disabled rel="stylesheet" crossorigin href="/${file}">`).join('');
  return shell
    .replace(entryStyle, (link) => `${link}${routeStyles}`)
    .replace(/<html lang="[^"]*">/u, `<html lang="${first.split(':')[0]}">`)
    .replace(/<title>[^<]*<\/title>/u, `<title>${escapeText(facts.titles[first] ?? '')}</title>`)
    .replace(viewport, (meta) => `${meta}\n    <script>${headScript(facts)}</script>`)
    .replace(root, `<div id="root" data-variant="${escapeAttribute(first)}" inert>${markups[first]}</div>${templates}<script>${BODY_SCRIPT}</script>`);
}

/** Netlify / Cloudflare Pages rewrites for the patterns with a parameter (the others are found as `<path>.html`). */
export function redirectsFile(patterns: readonly string[]): string {
  const rewrites = patterns.filter((pattern) => pattern.includes('/:')).map((pattern) => `${pattern.replace(/\?$/u, '')} ${documentFile(pattern)} 200`);
  return `${rewrites.join('\n')}\n`;
}

