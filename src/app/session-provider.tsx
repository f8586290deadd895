// Provides the SessionContext of the shell from the data layer's session store (auth
// listener, assurance level, require_pw_reset) and the customer summary (profile, setup,
// active prescriptions) read from the local mirror. Driving the summary drives the data:
// ensure() opens the patient's data (pull, realtime), reset() on sign-out stops it and wipes
// the mirror. supabase-js loads as its own chunk after the first paint; until then, and until
// a signed-in patient's summary is known, the session is 'loading'. Failed pulls become
// notifications here (data raises error codes, never texts).
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LOADING_STATE, type AuthState } from '../data/auth/auth-state';
import { authLinkError } from '../data/auth/link-error';
import type { CustomerSummaryState, PullFailure } from '../data/customer-summary';
import { notify } from '../ui/notifications/notification-store';
import { SIGNED_OUT, type SessionView } from './guards';
import { SessionContext, type SessionContextValue } from './session-context';

type Store<T> = { get: () => T; subscribe: (listener: () => void) => () => void };

export interface SessionBackend {
  sessionStore: Store<AuthState>;
  customerSummaryStore: Store<CustomerSummaryState> & {
    ensure: (userId: string, key?: string) => void;
    reset: () => void;
    onPullFailure?: (listener: (failure: PullFailure) => void) => () => void;
  };
  signOut: () => Promise<unknown>;
}

const loadBackend = (): Promise<SessionBackend> => import('./session-backend');

const IDLE_SUMMARY: CustomerSummaryState = { key: '', status: 'idle', summary: null, error: null };
const pending = <T,>(value: T): Store<T> => ({ get: () => value, subscribe: () => () => {} });
const PENDING_AUTH = pending(LOADING_STATE);
const PENDING_SUMMARY = pending(IDLE_SUMMARY);

const LOADING_VIEW: SessionView = { ...SIGNED_OUT, status: 'loading' };

/** The summary belongs to a user and an assurance level (RLS hides rows from aal1 sessions of two-factor users). */
export const summaryKey = (auth: AuthState): string => (auth.user ? `${auth.user.id}:${auth.aal.current ?? ''}` : '');

/** What the guards see (pure). */
export function sessionViewOf(auth: AuthState, summary: CustomerSummaryState): SessionView {
  if (auth.status === 'loading') return LOADING_VIEW;
  if (auth.status === 'signedOut' || !auth.user) return SIGNED_OUT;
  const view: SessionView = {
    ...SIGNED_OUT,
    status: 'signedIn',
    needsSecondFactor: auth.needsSecondFactor,
    requirePasswordChange: auth.requirePasswordChange,
  };
  // These screens come before anything else (screenFor); no customer data is needed for them.
  if (auth.needsSecondFactor || auth.requirePasswordChange) return view;
  if (summary.key !== summaryKey(auth)) return LOADING_VIEW;
  // A reload keeps the previous answer on screen.
  if (summary.summary) return { ...view, ...summary.summary };
  // Without an answer the patient still gets in (flags false); the failure was announced.
  return summary.status === 'failed' ? view : LOADING_VIEW;
}

export function SessionProvider({ children, backend: given }: { children: ReactNode; backend?: SessionBackend }) {
  const [loaded, setLoaded] = useState<SessionBackend | null>(given ?? null);
  const backend = given ?? loaded;
  const announced = useRef({ link: false, failedKey: '' });

  useEffect(() => {
    if (given) return;
    let live = true;
    loadBackend().then(
      (b) => live && setLoaded(b),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [given]);

  // An expired or used mailed link lands with the error in the hash (read before supabase-js clears it).
  useEffect(() => {
    if (announced.current.link) return;
    announced.current.link = true;
    if (authLinkError(globalThis.location?.hash ?? '')) notify('warning', 'auth.error.linkExpired');
  }, []);

  const authSource = backend?.sessionStore ?? PENDING_AUTH;
  const summarySource = backend?.customerSummaryStore ?? PENDING_SUMMARY;
  const auth = useSyncExternalStore(authSource.subscribe, authSource.get, authSource.get);
  const summary = useSyncExternalStore(summarySource.subscribe, summarySource.get, summarySource.get);

  const userId = auth.user?.id;
  const key = summaryKey(auth);
  const wantsSummary = auth.status === 'signedIn' && !auth.needsSecondFactor && !!userId;
  useEffect(() => {
    if (!backend) return;
    if (wantsSummary && userId) backend.customerSummaryStore.ensure(userId, key);
    else if (auth.status === 'signedOut') backend.customerSummaryStore.reset();
  }, [backend, wantsSummary, userId, key, auth.status]);

  // spec §8 "Loading orders fails": 'Fehler - Bestellungen konnten nicht geladen werden.'
  // Not while the device is offline: the mirror is shown and the sync state says why.
  useEffect(
    () =>
      backend?.customerSummaryStore.onPullFailure?.((failure) => {
        if (failure.area !== 'orders') return;
        if (failure.error === 'network' && globalThis.navigator?.onLine === false) return;
        notify('danger', 'orders.error.load');
      }),
    [backend],
  );

  useEffect(() => {
    if (summary.status !== 'failed' || announced.current.failedKey === summary.key) return;
    announced.current.failedKey = summary.key;
    notify('danger', 'auth.error.sessionLoad');
  }, [summary.status, summary.key]);

  const session = useMemo(() => sessionViewOf(auth, summary), [auth, summary]);
  const value = useMemo<SessionContextValue>(
    () => (backend && session.status === 'signedIn' ? { session, signOut: () => void backend.signOut() } : { session }),
    [backend, session],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
