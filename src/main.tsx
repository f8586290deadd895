import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { backendNeededAtOnce, loadBackend } from './app/backend-demand';
import { preloadLanding } from './app/landing';
import { registerServiceWorker } from './app/register-sw';
import { warmUpIntl } from './i18n/intl';
import { languageStore } from './i18n/language-store';
import './ui/styles.css';

const element = document.getElementById('root');
if (!element) throw new Error('#root missing in index.html');

// The first view's files are asked for at once and side by side: the texts, the landing
// route's chunk and, when the page needs it (a stored session, a route that is not public),
// the data layer. While they load, the one-time work of React and Intl is done, and the app
// renders once the texts and the view are there: its first paint shows the whole view. That
// render is a transition, so React renders in slices and the page stays responsive; the
// service worker is registered once the browser is idle after it.
const landing = preloadLanding(window.location.pathname);
if (backendNeededAtOnce(window.location)) loadBackend().catch(() => undefined);
const root = createRoot(element);
warmUpIntl(languageStore.get());

void landing.then(() => {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  if (typeof requestIdleCallback === 'function') requestIdleCallback(registerServiceWorker, { timeout: 5000 });
  else setTimeout(registerServiceWorker, 2000);
});
