// A returning patient sees their screen before the data layer has loaded. supabase-js, Dexie
// and the patient session are the largest part of the app's code; a patient opening the
// installed app (often offline) should not wait for them to see today's plan. So at start,
// when this device keeps a session (and the address brings no answer of the auth service,
// which decides who is signed in), the shell takes the signed-in state that session stands
// for and the setup flags the mirror holds of that patient — read with IndexedDB itself
// (idb-reads.ts) while the code loads — and shows the route from them; a route may read its
// data ahead too (the dashboard: RouteDef.readAhead), so the first paint shows it. The data
// layer loads after that first screen; once it knows the session it takes over (the same
// state, or a sign-out if the server ended the session: the patient session then wipes the
// mirror as always). Nothing is shown that the device does not already hold for this
// patient: the flags and the data are read only when the mirror belongs to the stored
// session's user.
import { authStateOf, type AuthState } from '../data/auth/auth-state';
import { authAnswerIn, readStoredSession } from '../data/stored-session';
import { openIdbMirror, type IdbMirror } from '../data/local/idb-reads';
import type { MirrorReads } from '../data/local/mirror-reads';
import { forgetReadAhead } from '../data/local/read-ahead';
import { storedSummary } from '../data/session/stored-summary';
import { appMirrorName, dataOwnerOf } from '../data/local/acting-for';
import type { PatientSummary } from '../data/session/summary';
import { createStore, type ReadableStore } from '../lib/store';

export interface StoredPatient {
  auth: AuthState;
  summary: PatientSummary;
}

const store = createStore<StoredPatient | null>(null);

/** The stored patient's state until the data layer has its own (null: none, or retired). */
export const storedPatient: ReadableStore<StoredPatient | null> = { get: store.get, subscribe: store.subscribe };

/**
 * The data layer knows the session now: the stored state is not used again. What was read ahead
 * is forgotten too when the data layer's session is another (a sign-out, another user); for the
 * same patient it stays for the screens that have not shown it yet — a navigation renders as a
 * transition, so a screen the start leads on to (a complete overview's redirect to the base data)
 * may mount after the takeover. Each answer still goes at its query's first live answer, and
 * whenever the mirror's stores it was read of are written (read-ahead.ts).
 */
export function retireStoredPatient({ sameSession }: { sameSession: boolean }): void {
  store.set(null);
  if (!sameSession) forgetReadAhead();
}

/**
 * IndexedDB that has not opened by then (a stuck open, as old Safari versions had) is not waited
 * for: the start goes the usual way. Only the open is timed: once the mirror is open its reads
 * answer, and a busy device that takes longer for them (a phone at start, a loaded test machine)
 * still gets the patient's screen first instead of a spinner.
 */
export const STORED_PATIENT_TIMEOUT_MS = 2000;
const STUCK = Symbol('stuck open');

export interface StoredPatientOptions {
  location: Pick<Location, 'search' | 'hash'>;
  storage: Pick<Storage, 'getItem'> | undefined;
  /** the landing route's read ahead (RouteDef.readAhead) */
  readAhead?: (reads: MirrorReads) => Promise<void>;
  open?: () => Promise<IdbMirror | null>;
  now?: () => Date;
  timeoutMs?: number;
}

/**
 * Reads the stored patient (boot-start.ts, once). Null when there is none to read; else
 * settles with whether the mirror held this patient's flags (the shell can then show their
 * screen without the data layer).
 */
export function startStoredPatient({
  location,
  storage,
  readAhead,
  open = () => openIdbMirror(globalThis.indexedDB, appMirrorName(storage)),
  now = () => new Date(),
  timeoutMs = STORED_PATIENT_TIMEOUT_MS,
}: StoredPatientOptions): Promise<boolean> | null {
  if (authAnswerIn(location)) return null;
  const session = readStoredSession(storage);
  if (!session) return null;
  const auth = authStateOf(session);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<typeof STUCK>((resolve) => (timer = setTimeout(() => resolve(STUCK), timeoutMs)));
  const opening = open();
  return Promise.race([opening, stuck])
    .finally(() => clearTimeout(timer))
    .then(async (mirror) => {
      if (mirror === STUCK) {
        // an open that answers after all closes its connection at once (nobody reads through it)
        void opening.then((late) => late?.close(), () => undefined);
        return false;
      }
      if (!mirror) return false;
      try {
        const summary = await storedSummary(auth, mirror, now(), dataOwnerOf(storage, session.user.id));
        if (!summary) return false;
        // after the summary: only this patient's data is read ahead
        await readAhead?.(mirror).catch(() => undefined);
        store.set({ auth, summary });
        return true;
      } finally {
        mirror.close();
      }
    })
    .catch(() => false); // the data layer reads again and says what failed
}
