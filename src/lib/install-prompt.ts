// "Install the app" where the browser offers it: Chromium-based browsers fire
// `beforeinstallprompt` once the app is installable; the event is kept (and the browser's own
// mini bar held back) so a button can call `prompt()` later. The event may come before any
// screen that shows the button has loaded, so the shell starts listening at once
// (`listenForInstallPrompt(window)` in main.tsx), and before that the document itself
// (EARLY_INSTALL_PROMPT_SCRIPT). iOS Safari has no such event: it installs
// through the share sheet, which only a how-to can explain (`installHint`).
import { createStore, shallowEqual, type ReadableStore } from './store.ts';

/** The part of Chromium's BeforeInstallPromptEvent used here. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** the browser offers installation now (a kept event) */
  canPrompt: boolean;
  /** installed during this visit (`appinstalled`) */
  installed: boolean;
}

interface Listenable {
  addEventListener(type: string, listener: (event: Event) => void): void;
}

/** Where the document's first script keeps an offer that came before the app listened. */
export const EARLY_INSTALL_PROMPT = '__installPromptEarly';

/**
 * The document's own listener, in its head (scripts/prerender-scripts.ts): the app's code runs
 * after the first paint, and on a slow or busy phone Chromium's one `beforeinstallprompt` of a
 * page can come before it — then the offer was lost for that visit (seen under load).
 */
export const EARLY_INSTALL_PROMPT_SCRIPT = `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.${EARLY_INSTALL_PROMPT}=e})`;

export interface InstallPrompt extends ReadableStore<InstallState> {
  /** Shows the browser's install dialog; resolves with the patient's answer ('unavailable' without a kept event). */
  prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
  listen(target: Listenable): void;
}

export function createInstallPrompt(): InstallPrompt {
  const store = createStore<InstallState>({ canPrompt: false, installed: false }, { equals: shallowEqual });
  let kept: InstallPromptEvent | null = null;
  let listening = false;
  return {
    get: store.get,
    subscribe: store.subscribe,
    listen(target) {
      if (listening) return;
      listening = true;
      const early = (target as unknown as Record<string, unknown>)[EARLY_INSTALL_PROMPT];
      if (early instanceof Event) {
        kept = early as InstallPromptEvent;
        store.set((s) => ({ ...s, canPrompt: true }));
      }
      target.addEventListener('beforeinstallprompt', (event) => {
        event.preventDefault();
        kept = event as InstallPromptEvent;
        store.set((s) => ({ ...s, canPrompt: true }));
      });
      target.addEventListener('appinstalled', () => {
        kept = null;
        store.set({ canPrompt: false, installed: true });
      });
    },
    async prompt() {
      const event = kept;
      if (!event) return 'unavailable';
      // an event prompts once: a second press needs the browser's next offer
      kept = null;
      store.set((s) => ({ ...s, canPrompt: false }));
      await event.prompt();
      const { outcome } = await event.userChoice;
      return outcome;
    },
  };
}

/** The app's one listener. */
export const installPrompt: InstallPrompt = createInstallPrompt();

export function listenForInstallPrompt(target: Listenable): void {
  installPrompt.listen(target);
}

export interface PlatformFacts {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's navigator.standalone: true when opened from the home screen */
  standalone?: boolean;
  /** matchMedia('(display-mode: standalone)').matches */
  displayStandalone: boolean;
}

/**
 * Which install help fits this browser: 'ios' on an iPhone or iPad (an iPad reports itself as
 * a Mac with a touch screen) not yet opened from the home screen; 'none' otherwise (installed
 * already, or a browser that offers its own prompt or none).
 */
export function installHint(p: PlatformFacts): 'ios' | 'none' {
  if (p.standalone === true || p.displayStandalone) return 'none';
  const ios = /iPhone|iPad|iPod/.test(p.userAgent) || (/Macintosh/.test(p.userAgent) && p.maxTouchPoints > 1);
  return ios ? 'ios' : 'none';
}

/** The facts of this page's browser (no window: none). */
export function platformFacts(): PlatformFacts {
  const nav = globalThis.navigator as (Navigator & { standalone?: boolean }) | undefined;
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone: nav?.standalone,
    displayStandalone: globalThis.matchMedia?.('(display-mode: standalone)').matches ?? false,
  };
}
