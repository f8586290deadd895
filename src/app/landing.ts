// What the first screen needs, asked for as soon as the entry script runs. The shell shows
// nothing until its texts are there, and a view's chunk used to be asked for only once the
// shell had rendered: entry -> catalogue -> view, one after the other. Here the language's
// catalogue and the landing route's chunk load side by side, right behind the entry.
import { loadCatalogue } from '../i18n/catalogues';
import { languageStore } from '../i18n/language-store';
import { splitLanguagePrefix } from '../i18n/languages';
import { routeAt } from './route-at';

/**
 * Loads the catalogue and the landing route's view side by side; settles when both have
 * (main.tsx renders then, so the first paint shows the whole view, not a spinner first). A /de
 * or /fr prefix takes effect here already, so only that language's catalogue is loaded.
 * For a returning patient (`storedPatient`: their flags and the view's data read from the
 * mirror, stored-patient.ts) it waits for that too: the first paint shows their screen with
 * its data. `viewPath`: the path whose view the first screen shows, when it is not the address's
 * (a signed-in start at / shows the dashboard). Failures are left to the provider and the view,
 * which ask again and show them.
 */
export async function preloadLanding(pathname: string, storedPatient: Promise<boolean> | null = null, viewPath: string = pathname): Promise<void> {
  const prefix = splitLanguagePrefix(pathname);
  if (prefix) languageStore.set(prefix.lang);
  await Promise.allSettled([loadCatalogue(languageStore.get()), routeAt(viewPath)?.view.preload?.(), storedPatient]);
}
