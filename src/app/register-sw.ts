// Registers the service worker in production builds only (the dev server has none), after
// the first paint: workbox-window and the PWA client (update prompt, offline-ready notice,
// update checks; src/app/pwa) load as their own small chunks.
import { installPrompt, platformFacts } from '../lib/install-prompt';
import { notify } from '../ui/notifications/notification-store';
import { pwaStore } from './pwa/pwa-store';
import type { Installation } from './pwa/pwa-client';

const installation: Installation = {
  runsInstalled: () => {
    const facts = platformFacts();
    return facts.displayStandalone || facts.standalone === true;
  },
  onInstalled: (listener) => {
    // the install may have been reported before this client loaded
    if (installPrompt.get().installed) listener();
    else installPrompt.subscribe(() => installPrompt.get().installed && listener());
  },
};

/** A production build in a browser with service workers: this page registers one (and on a first visit it takes over). */
export const workerExpected = (): boolean => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

export function registerServiceWorker(): void {
  if (!workerExpected()) return;
  void Promise.all([import('workbox-window'), import('./pwa/pwa-client')]).then(([{ Workbox }, { connectWorkbox }]) => {
    connectWorkbox(new Workbox('/sw.js', { scope: '/' }), {
      store: pwaStore,
      installation,
      controlled: () => navigator.serviceWorker.controller !== null,
      notify,
      reload: () => window.location.reload(),
      now: () => Date.now(),
      isOnline: () => navigator.onLine,
      win: window,
      doc: document,
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    });
  });
}
