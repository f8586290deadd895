// The auth state as screens read it (useSession), without supabase-js: the session stored on
// this device until the data layer's session store exists, then that store's every state.
// A screen that only shows the patient's data and queues writes then needs neither supabase-js
// nor Dexie for its first paint (the returning patient's start, src/app/stored-patient.ts).
// Handing over reads nothing from the session store: it starts (and creates its client) only
// when a screen reads or listens, as it would without this view.
import type { ReadableStore } from '../../lib/store';
import { authStateOf, LOADING_STATE, type AuthState } from './auth-state';
import { readStoredSession } from '../stored-session';

function storedState(): AuthState {
  try {
    const session = readStoredSession(globalThis.localStorage);
    return session ? authStateOf(session) : LOADING_STATE;
  } catch {
    return LOADING_STATE; // storage blocked: nobody is signed in here
  }
}

let source: ReadableStore<AuthState> | null = null;
let stored: AuthState | null = null;
/** each subscription: its listener and, once there is a source, its subscription there */
const subscriptions = new Set<{ listener: () => void; off: (() => void) | null }>();

/** The state screens read: the stored session's until `followAuth` hands over to the session store. */
export const authView: ReadableStore<AuthState> = {
  get: () => (source ? source.get() : (stored ??= storedState())),
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
