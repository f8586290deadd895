import { useMemo, useSyncExternalStore } from 'react';
import { grantAllows, type CaregiverRight } from '../../domain/caregivers/grants';
import { actingFor, appStorage, dataOwnerOf, type HelpedPerson } from '../local/acting-for';
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

/**
 * The customer whose data the screens show and whose changes they queue: the signed-in patient,
 * or the person a helper acts for on this device (issue 41, local/acting-for.ts; a switch loads
 * the page again, so it stays the same for the page's life). Null: signed out.
 */
export function useDataOwner(): string | null {
  const userId = useSession().user?.id ?? null;
  return useMemo(() => (userId ? dataOwnerOf(appStorage(), userId) : null), [userId]);
}

/** The person this helper acts for on this device; null: their own data (or signed out). */
export function useActingFor(): HelpedPerson | null {
  const userId = useSession().user?.id ?? null;
  return useMemo(() => actingFor(appStorage(), userId), [userId]);
}

/** Whether the screens may offer this action: always for the account's own data; for a person a helper acts for, as the grant allows (the server checks again). */
export function useMayAct(right: CaregiverRight): boolean {
  const acting = useActingFor();
  return !acting || grantAllows(acting, right);
}
