import { useSyncExternalStore } from 'react';
import { sessionStore, type AuthState } from '../../data/auth/session-store';

/** The data layer's session (user, assurance level, recovery) for the auth views. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
