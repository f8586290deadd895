// Vite plugin: index.html asks for the language catalogue (assets/de-*.js or assets/fr-*.js,
// about 23 kB gzip) while it is still being parsed, beside the entry module, not after it.
//
// The first paint of every route waits for the texts (src/app/landing.ts), and the entry only
// asks for them once it has arrived and runs: on a mobile network that is one more round trip
// and the catalogue's whole transfer after the entry's, before anything shows. Which catalogue
// a page needs is decided by the rules of src/i18n (a /de or /fr prefix, then the language this
// device chose, then the browser's language: spec §1), which this script repeats in a few lines
// of classic script; tests/unit/catalogue-preload.test.ts holds the two to the same answers. A
// wrong guess costs a download, never a wrong text: the app loads the catalogue it decides on.
import type { Plugin } from 'vite';
import { LANGUAGE_PREFIX_SOURCE, scriptBeforeEntry } from './before-entry.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../src/domain/constants.ts';
import { LANG_STORAGE_KEY } from '../src/i18n/languages.ts';

/** What of the bundle's outputs is read (rolldown's and rollup's output types both fit). */
type BundleOutputs = Record<string, { type: string; fileName: string; facadeModuleId?: string | null }>;

/** The catalogue chunks of the bundle by language (the precompiled catalogues' virtual modules). */
export function catalogueFiles(bundle: BundleOutputs): Record<string, string> {
  const files: Record<string, string> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.facadeModuleId?.startsWith('\0catalogue:')) continue;
    const lang = /\/lang\/([a-z]+)$/u.exec(output.facadeModuleId)?.[1];
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) files[lang] = `/${output.fileName}`;
  }
  return files;
}

/** The document's script: one modulepreload link for the catalogue this page will load. */
export function cataloguePreloadScript(files: Record<string, string>): string {
  return (
    `(function(){var c=${JSON.stringify(files)},l,p=new RegExp(${JSON.stringify(LANGUAGE_PREFIX_SOURCE)}).exec(location.pathname);` +
    `if(p)l=p[1];else{try{l=localStorage.getItem(${JSON.stringify(LANG_STORAGE_KEY)})}catch(e){}` +
    `if(!c[l])l=/fr/i.test(navigator.language||"")?"fr":${JSON.stringify(DEFAULT_LANGUAGE)}}` +
    `if(!c[l])return;var k=document.createElement("link");k.rel="modulepreload";k.crossOrigin="anonymous";k.href=c[l];document.head.appendChild(k)})()`
  );
}

export const cataloguePreload = (): Plugin =>
  scriptBeforeEntry('catalogue-preload', (bundle) => {
    const files = catalogueFiles(bundle as BundleOutputs);
    if (Object.keys(files).length !== LANGUAGES.length) throw new Error(`catalogue-preload: expected a catalogue chunk per language, found ${JSON.stringify(files)}`);
    return cataloguePreloadScript(files);
  });
