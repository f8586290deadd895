// The page's side of the service worker (workbox-window), loaded only in production builds
// (src/app/register-sw.ts) and lazily, after the first paint:
// - "the app is now stored on this device and works offline" (a bubble, spec §2
//   notifications) once the app is installed: when the browser reports the install
//   (`appinstalled`) and the worker is ready, or when the worker's first install happens in the
//   installed app. Never on a first visit in the browser tab: there it greeted every visitor
//   and covered the login form;
// - a new version waiting: the persistent "update available" banner (pwa-store.ts); its
//   reload button posts SKIP_WAITING and the page reloads when the new worker controls it;
//   the worker never takes over on its own (no forced skipWaiting);
// - update checks on window focus and when the page becomes visible again (at most once a
//   minute), and hourly; none while offline.
import type { NotificationKind } from '../../ui/notifications/notification-store';
import type { PwaStore } from './pwa-store';

export const UPDATE_CHECK_MIN_GAP_MS = 60_000;
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
/** after "reload", if the new worker has not taken over by then, reload anyway */
export const RELOAD_FALLBACK_MS = 10_000;
export const OFFLINE_READY_MESSAGE = 'pwa.offlineReady';

interface WorkboxLifecycleEvent {
  isUpdate?: boolean;
  isExternal?: boolean;
}

/** The part of workbox-window's Workbox used here (a fake in the unit tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'activated' | 'controlling', listener: (event: WorkboxLifecycleEvent) => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

interface Listenable {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Whether the app is installed: running as the installed app now, and news of an install during this visit. */
export interface Installation {
  /** display-mode standalone, or Safari's navigator.standalone */
  runsInstalled(): boolean;
  /** `appinstalled` (src/lib/install-prompt.ts) */
  onInstalled(listener: () => void): void;
}

export interface PwaDeps {
  store: PwaStore;
  installation: Installation;
  /** a worker controls the page already (stored on an earlier visit) */
  controlled: () => boolean;
  notify: (kind: NotificationKind, messageId: string) => unknown;
  reload: () => void;
  now: () => number;
  isOnline: () => boolean;
  win: Listenable;
  doc: Listenable & { readonly visibilityState: DocumentVisibilityState };
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

export interface PwaConnection {
  /** checks for a new version unless one was checked less than a minute ago (or offline) */
  checkForUpdate(): void;
  dispose(): void;
}

export function connectWorkbox(wb: WorkboxLike, deps: PwaDeps): PwaConnection {
  let accepted = false;
  let reloaded = false;
  let lastCheck = deps.now(); // registering checks too
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    deps.reload();
  };

  let workerReady = deps.controlled();
  let installed = false;
  let told = false;
  const tellStored = () => {
    if (told || !workerReady || !(installed || deps.installation.runsInstalled())) return;
    told = true;
    deps.notify('success', OFFLINE_READY_MESSAGE);
  };
  wb.addEventListener('activated', (event) => {
    if (event.isUpdate || event.isExternal) return;
    workerReady = true;
    // in a browser tab that has not installed the app this says nothing
    tellStored();
  });
  deps.installation.onInstalled(() => {
    installed = true;
    tellStored();
  });
  // own update or one another tab found (isExternal): either waits for the user
  wb.addEventListener('waiting', () => {
    deps.store.offerUpdate(() => {
      accepted = true;
      wb.messageSkipWaiting();
      deps.setTimeout(reloadOnce, RELOAD_FALLBACK_MS);
    });
  });
  wb.addEventListener('controlling', () => {
    if (accepted) reloadOnce();
  });

  const checkForUpdate = () => {
    const now = deps.now();
    if (now - lastCheck < UPDATE_CHECK_MIN_GAP_MS || !deps.isOnline()) return;
    lastCheck = now;
    wb.update().catch(() => undefined); // offline or the server away: the next check tries again
  };
  const onVisibility = () => {
    if (deps.doc.visibilityState === 'visible') checkForUpdate();
  };
  deps.win.addEventListener('focus', checkForUpdate);
  deps.doc.addEventListener('visibilitychange', onVisibility);
  const timer = deps.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);

  wb.register().catch((error: unknown) => console.error('service worker registration failed', error));

  return {
    checkForUpdate,
    dispose() {
      deps.win.removeEventListener('focus', checkForUpdate);
      deps.doc.removeEventListener('visibilitychange', onVisibility);
      deps.clearInterval(timer);
    },
  };
}
