// What the document's own preloads (catalogue-preload.ts, route-preload.ts) share: a classic
// script right before the entry module, so the requests it makes leave with the entry's, made
// from the bundle by a build-only plugin; and the /de, /fr prefix both read the address with.
import type { Plugin } from 'vite';
import { LANGUAGES } from '../src/domain/constants.ts';

/** The language prefix of an address (src/i18n/languages.ts splitLanguagePrefix): group 1 the language, group 2 the rest. */
export const LANGUAGE_PREFIX_SOURCE = `^/(${LANGUAGES.join('|')})(/.*)?$`;

export function withScriptBeforeEntry(html: string, script: string, what: string): string {
  const entry = /<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/u;
  if (!entry.test(html)) throw new Error(`index.html: no entry module to put ${what} before`);
  return html.replace(entry, (tag) => `<script>${script}</script>\n    ${tag}`);
}

/** What of the bundle a preload reads (rolldown's output fits). */
export type Bundle = Record<string, unknown>;

/** A build plugin that puts `scriptOf(bundle)` before the entry module of index.html. */
export function scriptBeforeEntry(name: string, scriptOf: (bundle: Bundle) => string): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? withScriptBeforeEntry(html, scriptOf(context.bundle as Bundle), name) : html),
    },
  };
}
