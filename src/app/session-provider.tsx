// Provides the shell's view of the session (SessionContext: what the guards and the navigation
// read) and the lazily loaded data layer (BackendContext: the sync shell reads it). The data
// layer's patient session (src/data/session) follows the auth state by itself: started here
// once it has loaded, it claims the mirror, pulls, replays and wipes. supabase-js loads as its
// own chunk when the page needs it (backend-demand.ts; boot-start.ts asks at once for a
// returning patient); until then, and until a signed-in patient's flags are known, the
// session is 'loading' — unless the device keeps a returning patient's session and mirror
// (stored-patient.ts): their screen shows from those until the data layer knows the session.
// Failed pulls become notifications here (data raises error codes, never texts).
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LOADING_STATE, type AuthState } from '../data/auth/auth-state';
import { authLinkError } from '../data/auth/link-error';
import { IDLE_SUMMARY, summaryKey, type PatientSummary } from '../data/session/summary';
import { paths } from '../domain/paths';
import { onboardingStep } from '../domain/setup-state';
import { afterScreenShown } from '../lib/screen-shown';
import type { ReadableStore } from '../lib/store';
import { useLocation } from 'wouter';
import { notify } from '../ui/notifications/notification-store';
import { useSameData } from '../ui/use-same-data';
import { backendNeededAtOnce, isPublicPath, loadBackend, loadBackendUntilLoaded, loadedBackend, onInteraction } from './backend-demand';
import { SIGNED_OUT, type SessionView } from './guards';
import { actingFor, appStorage, type HelpedPerson } from '../data/local/acting-for';
import { backendOr } from './backend-or';
import { BackendContext, SessionContext, type SessionBackend, type SessionContextValue } from './session-context';
import { useServerRender } from './server-render-context';
import { retireStoredPatient, storedPatient } from './stored-patient';

const pending = <T,>(value: T): ReadableStore<T> => ({ get: () => value, subscribe: () => () => {} });
const PENDING_AUTH = pending(LOADING_STATE);
const PENDING_SUMMARY = pending(IDLE_SUMMARY);

const LOADING_VIEW: SessionView = { ...SIGNED_OUT, status: 'loading' };

/** What the guards see (pure). */
export function sessionViewOf(auth: AuthState, summary: PatientSummary, acting: HelpedPerson | null = actingFor(appStorage(), auth.user?.id)): SessionView {
  if (auth.status === 'loading') return LOADING_VIEW;
  if (auth.status === 'signedOut' || !auth.user) return SIGNED_OUT;
  const view: SessionView = {
    ...SIGNED_OUT,
    status: 'signedIn',
    actingFor: acting && { name: acting.name, rights: acting.rights },
    needsSecondFactor: auth.needsSecondFactor,
    requirePasswordChange: auth.requirePasswordChange,
  };
  // These screens come before anything else (screenFor); no customer data is needed for them.
  if (auth.needsSecondFactor || auth.requirePasswordChange) return view;
  if (summary.key !== summaryKey(auth)) return LOADING_VIEW;
  // A reload keeps the previous answer on screen.
  if (summary.flags) {
    const { hasProfile, hasSetup, hasPrescriptions } = summary.flags;
    return { ...view, hasProfile, hasSetup, hasPrescriptions, onboardingStep: onboardingStep(summary.flags) };
  }
  // Without an answer the patient still gets in (flags false); the failure was announced.
  return summary.status === 'failed' ? view : LOADING_VIEW;
}

export function SessionProvider({ children, backend: given }: { children: ReactNode; backend?: SessionBackend }) {
  const [loaded, setLoaded] = useState<SessionBackend | null>(() => given ?? loadedBackend());
  const backend = given ?? loaded;
  const announced = useRef({ link: false, failedKey: '' });

  // The data layer loads at once when the page needs it, else on the visitor's first
  // interaction (backend-demand.ts). Until then a public page shows as to a visitor who is
  // signed out.
  const [location] = useLocation();
  const publicRoute = isPublicPath(location);
  const [wanted, setWanted] = useState(() => !given && backendNeededAtOnce({ pathname: location, hash: globalThis.location?.hash ?? '' }));
  const load = !given && (wanted || !publicRoute);

  useEffect(() => {
    if (!publicRoute) setWanted(true);
  }, [publicRoute]);

  useEffect(() => {
    if (given || load) return;
    return onInteraction(() => setWanted(true));
  }, [given, load]);

  useEffect(() => {
    if (!load) return;
    let stopLoading: (() => void) | undefined;
    // the data layer's arrival renders the shell again as a transition: in slices, after the paint
    const arrived = (loadedBackend: SessionBackend) => startTransition(() => setLoaded(loadedBackend));
    const start = () => void (stopLoading = loadBackendUntilLoaded(arrived, { load: loadBackend }));
    // A returning patient's screen shows from the stored state (stored-patient.ts): the data
    // layer's files are asked for once that screen is painted whole, not in its way.
    const cancel = storedPatient.get() ? afterScreenShown(start) : (start(), undefined);
    return () => {
      cancel?.();
      stopLoading?.();
    };
  }, [load]);

  useEffect(() => backend?.appSession.start(), [backend]);
  useEffect(() => backend?.startAccountLanguage(), [backend]);

  // An expired or used mailed link lands with the error in the hash (read before supabase-js clears it).
  useEffect(() => {
    if (announced.current.link) return;
    announced.current.link = true;
    if (authLinkError(globalThis.location?.hash ?? '')) notify('warning', 'auth.error.linkExpired');
  }, []);

  const authSource = backend?.sessionStore ?? PENDING_AUTH;
  const summarySource = backend?.appSession.summary ?? PENDING_SUMMARY;
  const auth = useSyncExternalStore(authSource.subscribe, authSource.get, authSource.get);
  const summary = useSyncExternalStore(summarySource.subscribe, summarySource.get, summarySource.get);

  // spec §8 "Loading orders fails": 'Fehler - Bestellungen konnten nicht geladen werden.'
  // Not while the device is offline: the mirror is shown and the sync state says why. Not on
  // /orders either: that page says it in place, with a way to load again.
  const onOrders = useRef(false);
  onOrders.current = location === paths.orders.path || location.startsWith(`${paths.orders.path}/`);
  useEffect(
    () =>
      backend?.appSession.onPullFailure((failure) => {
        if (failure.area !== 'orders' || onOrders.current) return;
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

  // The stored patient's state stands in only while the data layer's is loading — the auth
  // state itself, or the summary of that same user and assurance level — and never again once
  // the data layer knew better (another user signed in in another tab, a sign-out).
  const stored = useSyncExternalStore(storedPatient.subscribe, storedPatient.get, storedPatient.get);
  const known = useMemo(() => sessionViewOf(auth, summary), [auth, summary]);
  const storedView = useMemo(() => (stored && !given ? sessionViewOf(stored.auth, stored.summary) : null), [stored, given]);
  const storedFits = storedView !== null && (auth.status === 'loading' || summaryKey(auth) === stored?.summary.key);
  // the stored view and the data layer's (and its states in turn) are equal objects most of the
  // time: kept as one, the context's value stays and the shell and screen do not render again
  const rendered = useServerRender()?.session;
  const session = useSameData(rendered ?? (known.status === 'loading' && storedFits ? storedView : known));
  const retire = stored !== null && (known.status !== 'loading' || !storedFits);
  useEffect(() => {
    if (retire) retireStoredPatient({ sameSession: storedFits });
  }, [retire, storedFits]);
  // There from the first paint of a signed-in screen: pressed before the data layer has loaded,
  // it waits for it (the sign-out is the data layer's: it wipes the mirror). So the context keeps
  // its value when the data layer arrives, and the shell and the screen do not render again then.
  // (Files that do not arrive: nothing happens, and the data layer is tried again meanwhile.)
  const signOut = useCallback(
    () =>
      void backendOr(given).then(
        (loaded) => loaded.appSession.signOut(),
        () => undefined,
      ),
    [given],
  );
  const current = useMemo<SessionContextValue>(() => (session.status === 'signedIn' ? { session, signOut } : { session }), [session, signOut]);
  // The auth state and the summary are external stores: React renders their changes at once, in
  // one task. The shell and the screen follow the session in a deferred render instead (in slices
  // that yield to input and painting); only this provider renders at once.
  const value = useDeferredValue(current);
  return (
    <BackendContext.Provider value={backend}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </BackendContext.Provider>
  );
}
