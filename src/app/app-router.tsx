import { useEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { languageStore } from '../i18n/language-store';
import { splitLanguagePrefix } from '../i18n/languages';
import NotFound from './not-found-view';
import { RouteScreen, ScrollToTop } from './route-screen';
import { REDIRECTS, ROUTES } from './routes';
import { focusWhenAsked } from './transition-address';

/** /de/…, /fr/… set the language, then the same path without the prefix is shown (spec §2). */
function LanguagePrefix({ location, search }: { location: string; search: string }) {
  const prefix = splitLanguagePrefix(location);
  // (React runs this before it renders the path the redirect leads to; the start of the app
  // takes a prefix off the address before the first render: boot-start.ts)
  useEffect(() => {
    if (prefix) languageStore.set(prefix.lang);
  }, [prefix]);
  if (!prefix) return null;
  return <Redirect to={`${prefix.path}${search ? `?${search}` : ''}`} replace />;
}

export function AppRouter({ mainRef }: { mainRef: React.RefObject<HTMLElement | null> }) {
  const [location] = useLocation();
  const search = useSearch();
  const shown = useRef(location);

  // After a navigation (not on the first load) focus moves to the page, so screen readers
  // start there. Compared by path, so StrictMode's repeated effects change nothing. Not when it
  // moved since the address changed (the new screen follows once its code and data are there:
  // app/prepare-route.ts): the new screen put it somewhere itself (its effects run before this
  // one: the orders' thank-you after an order), or the patient moved on meanwhile.
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const main = mainRef.current;
    const active = document.activeElement;
    if (active && active !== document.body && active !== main && active !== focusWhenAsked()) return;
    main?.focus({ preventScroll: true });
  }, [location, mainRef]);

  if (splitLanguagePrefix(location)) return <LanguagePrefix location={location} search={search} />;
  const redirect = REDIRECTS[location];
  if (redirect) return <Redirect to={redirect} replace />;

  return (
    <>
      <ScrollToTop location={location} />
      <Switch>
        {ROUTES.map((def) => (
          <Route key={def.path} path={def.path}>
            {(params) => <RouteScreen def={def} params={params} />}
          </Route>
        ))}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </>
  );
}
