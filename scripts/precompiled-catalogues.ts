// Vite plugin: the language catalogues (lang/<lang>.json) reach the app as ICU message ASTs,
// parsed at build time instead of by intl-messageformat in the browser, message by message,
// during the first render. With ASTs, formatjs also returns a plain text (a single literal)
// without building a formatter, and the production build can drop the ICU parser (about
// 28 kB of the entry): `precompiledMessagesOnly` aliases it to formatjs' `no-parser` build.
// Measured on the dashboard's offline cold start (docs/performance.md).
//
// src/i18n/catalogues.ts imports `lang/<lang>.json?catalogue` (through import.meta.glob); the
// plain `lang/<lang>.json` stays the text itself (the catalogue tests and form tests read it).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';

const QUERY = '?catalogue';
const VIRTUAL = '\0catalogue:';

/** A catalogue's messages as ASTs, parsed as intl-messageformat would parse them at run time. */
export function compileCatalogue(messages: Record<string, string>, locale: string): Record<string, MessageFormatElement[]> {
  // IntlMessageFormat parses with its resolved locale (hour cycle of date skeletons) and the
  // parser's defaults (skeletons parsed, `other` required); tags are parsed (rich text).
  const options = { locale: new Intl.Locale(locale) };
  return Object.fromEntries(
    Object.entries(messages).map(([id, text]) => {
      try {
        return [id, parse(text, options)];
      } catch (error) {
        throw new Error(`lang: message ${id} is no valid ICU message: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

export function precompiledCatalogues(): Plugin {
  return {
    name: 'precompiled-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${QUERY}`)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      // the file's path without `.json` after the prefix: Vite's JSON plugin leaves the module
      // (JavaScript) alone, and the chunk is named after the language (assets/de-*.js)
      return resolved ? `${VIRTUAL}${resolved.id.replace(/\.json$/u, '')}` : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const file = `${id.slice(VIRTUAL.length)}.json`;
      this.addWatchFile(file);
      const lang = basename(file, '.json');
      const compiled = compileCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>, `${lang}-CH`);
      // JSON.parse of a string literal is read faster than the same object as JavaScript
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`, moduleType: 'js' };
    },
  };
}

/** For the production build: every message is precompiled, so the ICU parser is not shipped. */
export const precompiledMessagesOnly: Alias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
