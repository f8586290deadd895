// The one element both renderers render: the browser (main.tsx: hydrating the document's
// prerendered markup, or replacing it) and the build's server render of every route
// (src/server-render.tsx). One tree for both, so the ids React makes (useId) and the markup
// match where the browser takes the document over by hydration.
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { Router } from 'wouter';
import { App } from './app';
import { registerServiceWorker } from './register-sw';
import { FRAME_TAKEOVER_ATTRIBUTE, markAppReady } from './route-frame';
import { ServerRenderContext, type ServerRender } from './server-render-context';
import { routeAt } from './route-at';
import { prepareRouteWith } from './prepare-route';
import { TransitionAddress, useTransitionLocation, useTransitionSearch } from './transition-address';

export interface RootProps {
  /** the build's server render: the path and query rendered (the browser reads its address) */
  ssrPath?: string;
  ssrSearch?: string;
  /** the build's render of what a signed-in patient sees first (server-render-context.ts) */
  server?: ServerRender;
}

/** A navigation waits for the next route's code and data (prepare-route.ts), not for its guard's verdict. */
const prepareRoute = prepareRouteWith(routeAt);

export function Root({ ssrPath, ssrSearch, server }: RootProps) {
  const app = server ? (
    <ServerRenderContext.Provider value={server}>
      <App />
    </ServerRenderContext.Provider>
  ) : (
    <App />
  );
  return (
    <StrictMode>
      {/* navigations render as transitions (transition-address.tsx); the server renders the given address */}
      <TransitionAddress initial={ssrPath === undefined ? undefined : { path: ssrPath, search: ssrSearch ?? '' }} prepare={prepareRoute}>
        <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
          {app}
        </Router>
      </TransitionAddress>
      <TakeOver />
    </StrictMode>
  );
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

/**
 * In the commit that shows the app's first render: the document's prerendered markup is the
 * app's now, and can be used (it was inert until then: a tap or a typed character before the
 * app ran would have been lost, a form sent by the browser itself). The service worker is
 * registered once the browser is idle after it (its files are not what the first paint waits for).
 */
function TakeOver() {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute('data-variant');
    // a signed-in route's frame stands for a frame more: the screen after it says so (route-screen.tsx)
    if (!root?.querySelector(`.route-frame[${FRAME_TAKEOVER_ATTRIBUTE}]`)) markAppReady();
  }, []);
  useEffect(() => whenIdle(registerServiceWorker), []);
  return null;
}
