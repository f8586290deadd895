import { useSyncExternalStore } from 'react';
import { sessionStore, type AuthState } from '../auth/session-store';

/**
 * The signed-in patient's session as screens read it (user, language, assurance level,
 * recovery): the one way features read the auth state. Guards and navigation read the shell's
 * view of it instead (src/app/session-context.tsx).
 */
export function useSession(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
