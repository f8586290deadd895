// first: asks for the first view's files before the rest is evaluated
import { landing } from './app/boot-start';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { runEffectsAfterCommit } from './lib/effects-after-commit';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-sw';
import { listenForInstallPrompt } from './lib/install-prompt';
import { followBrowserConnection, syncState } from './data/sync/sync-state';
import './ui/styles.css';

runEffectsAfterCommit();
// the browser may offer installation before any screen with the install button has loaded
listenForInstallPrompt(window);
// the lost-connection notice follows the browser from the start, not only once the data layer runs
followBrowserConnection(syncState);

const element = document.getElementById('root');
if (!element) throw new Error('#root missing in index.html');

// While the files load, the one-time work of React and Intl is done, and the app renders once
// the texts and the view are there: its first paint shows the whole view. That render is a
// transition, so React renders in slices and the page stays responsive; the service worker is
// registered once that render is committed and painted, and the browser is idle.
const root = createRoot(element);

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

/** Registers the service worker once the first render is committed and the browser is idle after it (its files are not what the first paint waits for). */
function ServiceWorkerAfterFirstPaint() {
  useEffect(() => whenIdle(registerServiceWorker), []);
  return null;
}

void landing.then(() => {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <ServiceWorkerAfterFirstPaint />
      </StrictMode>,
    ),
  );
});
