// The app's patient session: the lifecycle of patient-session.ts wired to the app's
// singletons (the Supabase client, the IndexedDB mirror, the sync state). The shell loads this
// module lazily, with ONE dynamic import (src/app/backend-demand.ts), so supabase-js and Dexie stay
// out of the first load; `appBackend` is what it takes from it.
import { sessionStore } from '../auth/session-store';
import { startAccountLanguage } from './account-language';
import { readStoredSession } from '../auth/stored-session';
import { signOutOfAuth } from '../auth/sign-out';
import { localDb } from '../local/local-db';
import { dropDeviceReminders } from '../push/device-reminders';
import { wipePatientCaches } from '../local/wipe-caches';
import { wipeMirror } from '../local/wipe';
import { realtimeStatus } from '../realtime/realtime-status';
import { appRetryAfter, supabase } from '../supabase-client';
import { outboxView } from '../sync/outbox-view';
import { syncState } from '../sync/sync-state';
import { createPatientSession, type PatientSession } from './patient-session';
import { browserTabChannel } from './tab-channel';
import { paths } from '../../domain/paths';

export const appSession: PatientSession = createPatientSession({
  auth: sessionStore,
  client: supabase,
  db: localDb,
  syncState,
  outboxView,
  realtimeStatus,
  signOutOfAuth: () => signOutOfAuth(),
  // a device's reminders go with its sign-out (issue 28); offline, at most a few seconds' wait
  beforeSignOut: () => Promise.race([dropDeviceReminders(), new Promise<void>((resolve) => setTimeout(resolve, 3000))]),
  storedSession: () => readStoredSession(globalThis.localStorage),
  runtime: { replay: { retryAfter: appRetryAfter, online: () => globalThis.navigator?.onLine !== false } },
  // the service worker's picture cache names the patient's pharmacodes: it goes with the mirror
  wipe: async (db, options) => void (await Promise.all([wipeMirror(db, options), wipePatientCaches()])),
  tabs: browserTabChannel(),
  leave: () => globalThis.location?.assign(paths.home.href()),
});

/** The patient's sign-out, for screens that offer one besides the navigation (the login confirmation). */
export const signOut = (): ReturnType<PatientSession['signOut']> => appSession.signOut();

/** What the shell works with once the data layer has loaded (src/app/session-context.tsx SessionBackend), the device following the account's language among it. */
export const appBackend = { sessionStore, appSession, startAccountLanguage };
