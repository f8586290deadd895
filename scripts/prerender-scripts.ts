// The two classic scripts of a prerendered document (scripts/prerender.ts). They run while the
// document is parsed, long before the app's modules, and decide which of the document's
// prerendered markups the first paint shows: the route's markup in the language the app will
// read (a /de, /fr prefix, then the language this device chose, then the browser's: spec §1)
// and for a visitor or a returning patient (this device keeps a session). The first, in the head,
// hides the root while another markup than the one in it is due, so a patient whose language is
// French never sees German first; the second, right after the root and the other markups, puts
// the due one in place (or none: the app renders the page itself) and shows the root.
// tests/unit/prerender-scripts.test.ts holds their choice to the app's own rules. The head's
// also keeps the browser's install offer should it come before the app listens (install-prompt.ts).
import { EARLY_INSTALL_PROMPT_SCRIPT } from '../src/lib/install-prompt.ts';

/** What a document tells its head script. */
export interface DocumentFacts {
  /** the route's pattern as a regular expression's source (src/app/route-pattern.ts) */
  pattern: string;
  /** the markups the document holds, `<lang>:<out|in>`; the first is in the root */
  variants: string[];
  /** the document's title for each markup */
  titles: Record<string, string>;
  /** where supabase-js keeps a session (src/data/stored-session.ts) */
  sessionKey: string;
  /** where the device's language choice is kept (src/i18n/languages.ts) */
  langKey: string;
  /** the language prefix of an address: group 1 the language, group 2 the rest */
  prefix: string;
  languages: string[];
  defaultLanguage: string;
  /** the route sends a signed-in patient on (/, /login): nothing of it is shown to one */
  signedInLeaves: boolean;
}

/** What the head script reads of the browser (passed in, so a test can ask it). */
export interface BrowserFacts {
  pathname: string;
  /** the query: a visitor's markup is made without one (a query may change the page: /login?register=1) */
  search: string;
  storage: Pick<Storage, 'getItem'> | null;
  navigatorLanguage: string;
}

/**
 * The markup due (`fr:in`), or '' when the document holds none for this address and device.
 * Written as the browser runs it: its source is the script (no imports, no newer syntax).
 */
export function dueVariant(d: DocumentFacts, b: BrowserFacts): string {
  let path = b.pathname;
  let lang: string | null;
  const prefixed = new RegExp(d.prefix).exec(path);
  if (prefixed) {
    lang = prefixed[1] ?? null;
    path = prefixed[2] && prefixed[2] !== '/' ? prefixed[2] : '/';
  } else {
    try {
      lang = b.storage ? b.storage.getItem(d.langKey) : null;
    } catch {
      lang = null;
    }
    if (lang === null || d.languages.indexOf(lang) < 0) lang = /fr/i.test(b.navigatorLanguage) ? 'fr' : d.defaultLanguage;
  }
  let signedIn: boolean;
  try {
    signedIn = b.storage !== null && b.storage.getItem(d.sessionKey) !== null;
  } catch {
    signedIn = false;
  }
  // a visitor's markup is hydrated as it is: made without a query, it is due only without one (a
  // signed-in patient's is replaced by the app's first render, whatever the query shows)
  if (!new RegExp(d.pattern, 'i').test(path) || (signedIn && d.signedInLeaves) || (!signedIn && b.search !== '')) return '';
  const due = `${lang}:${signedIn ? 'in' : 'out'}`;
  return d.variants.indexOf(due) < 0 ? '' : due;
}

/** The head's script: which markup is due, the document's language and title for it, the root held back when it is not the one in place. */
export function headScript(facts: DocumentFacts): string {
  return (
    `(function(){var d=${JSON.stringify(facts)},s=null;try{s=localStorage}catch(e){}` +
    `var w=(${dueVariant.toString()})(d,{pathname:location.pathname,search:location.search,storage:s,navigatorLanguage:navigator.language||""}),h=document.documentElement;` +
    `h.setAttribute("data-due",w);if(w!==d.variants[0])h.classList.add("prerender-hold");if(w){h.lang=w.split(":")[0];document.title=d.titles[w]}})();` +
    EARLY_INSTALL_PROMPT_SCRIPT
  );
}

/** The script after the root and the other markups: the due one in place (or none), the others gone, the root shown. */
export const BODY_SCRIPT =
  '(function(){var h=document.documentElement,r=document.getElementById("root"),w=h.getAttribute("data-due")||"",t;' +
  'if(r&&w!==r.getAttribute("data-variant")){t=w&&document.getElementById("prerender-"+w);' +
  'if(t){r.replaceChildren(t.content);r.setAttribute("data-variant",w)}else{r.replaceChildren();r.removeAttribute("data-variant")}}' +
  'document.querySelectorAll("template[data-prerender]").forEach(function(e){e.remove()});' +
  'h.removeAttribute("data-due");h.classList.remove("prerender-hold")})()';
