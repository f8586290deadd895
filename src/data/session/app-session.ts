// The app's patient session: the lifecycle of patient-session.ts wired to the app's
// singletons (the Supabase client, the IndexedDB mirror, the sync state). The shell loads this
// module lazily (src/app/session-backend.ts), so supabase-js and Dexie stay out of the first load.
import { sessionStore } from '../auth/session-store';
import { readStoredSession } from '../auth/stored-session';
import { signOutOfAuth } from '../auth/sign-out';
import { localDb } from '../local/local-db';
import { wipePatientCaches } from '../local/wipe-caches';
import { wipeMirror } from '../local/wipe';
import { realtimeStatus } from '../realtime/realtime-status';
import { appRetryAfter, supabase } from '../supabase-client';
import { outboxView } from '../sync/outbox-view';
import { syncState } from '../sync/sync-state';
import { createPatientSession, type PatientSession } from './patient-session';
import { browserTabChannel } from './tab-channel';
import { paths } from '../../domain/paths';

export { sessionStore } from '../auth/session-store';

export const appSession: PatientSession = createPatientSession({
  auth: sessionStore,
  client: supabase,
  db: localDb,
  syncState,
  outboxView,
  realtimeStatus,
  signOutOfAuth: () => signOutOfAuth(),
  storedSession: () => readStoredSession(globalThis.localStorage),
  runtime: { replay: { retryAfter: appRetryAfter, online: () => globalThis.navigator?.onLine !== false } },
  // the service worker's picture cache names the patient's pharmacodes: it goes with the mirror
  wipe: async (db, options) => void (await Promise.all([wipeMirror(db, options), wipePatientCaches()])),
  tabs: browserTabChannel(),
  leave: () => globalThis.location?.assign(paths.home.href()),
});

/** The patient's sign-out, for screens that offer one besides the navigation (the login confirmation). */
export const signOut = (): ReturnType<PatientSession['signOut']> => appSession.signOut();
