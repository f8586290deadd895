// The auth state as screens read it (useSession), without supabase-js: the session stored on
// this device until the data layer's session store exists, then that store's every state.
// A screen that only shows the patient's data and queues writes then needs neither supabase-js
// nor Dexie for its first paint (the returning patient's start, src/app/stored-patient.ts).
// Handing over reads nothing from the session store: it starts (and creates its client) only
// when a screen reads or listens, as it would without this view.
import type { ReadableStore } from '../../lib/store';
import { authStateOf, LOADING_STATE, type AuthState } from './auth-state';
import { readStoredSession } from '../stored-session';
import { withSameParts } from '../../lib/same-data';

function storedState(): AuthState {
  try {
    const session = readStoredSession(globalThis.localStorage);
    return session ? authStateOf(session) : LOADING_STATE;
  } catch {
    return LOADING_STATE; // storage blocked: nobody is signed in here
  }
}

let source: ReadableStore<AuthState> | null = null;
/** the store's last state, and what was shown for it: an equal state is shown as the same object */
let last: { state: AuthState; shown: AuthState } | null = null;
let stored: AuthState | null = null;
/** whether the session store has answered (it reads its session asynchronously: `loading` until then) */
let answered = false;
/** each subscription: its listener and, once there is a source, its subscription there */
const subscriptions = new Set<{ listener: () => void; off: (() => void) | null }>();

/**
 * The state screens read: the stored session's until `followAuth` hands over to the session store
 * and that store has answered. (A screen that mounted in between, while the store still read its
 * session, found nobody signed in: the base data a complete overview leads on to showed a spinner.)
 */
export const authView: ReadableStore<AuthState> = {
  get: () => {
    if (source) {
      const state = source.get();
      answered ||= state.status !== 'loading';
      // the store's state equal to the one on screen (the stored session, confirmed) is that
      // very object: the screens reading it through useSyncExternalStore do not render again
      if (answered) {
        if (last?.state !== state) last = { state, shown: withSameParts(last?.shown ?? stored, state) };
        return last.shown;
      }
    }
    return (stored ??= storedState());
  },
  subscribe: (listener) => {
    const subscription = { listener, off: source?.subscribe(listener) ?? null };
    subscriptions.add(subscription);
    return () => {
      subscriptions.delete(subscription);
      subscription.off?.();
    };
  },
};

/** From now on the screens read this store (the data layer's session store, once it has loaded). */
export function followAuth(next: ReadableStore<AuthState>): void {
  if (source === next) return;
  source = next;
  for (const subscription of subscriptions) {
    subscription.off?.();
    subscription.off = next.subscribe(subscription.listener);
    subscription.listener();
  }
}
