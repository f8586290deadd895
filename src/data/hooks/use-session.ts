import { useSyncExternalStore } from 'react';
import type { AuthState } from '../auth/auth-state';
import { authView } from '../auth/auth-view';

/**
 * The signed-in patient's session as screens read it (user, language, assurance level,
 * recovery): the one way features read the auth state — the session stored on this device until
 * the data layer's session store answers (auth/auth-view.ts), so a screen's first paint needs no
 * supabase-js. Guards and navigation read the shell's view of it instead
 * (src/app/session-context.tsx).
 */
export function useSession(): AuthState {
  return useSyncExternalStore(authView.subscribe, authView.get, authView.get);
}
