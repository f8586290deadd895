// The app's patient session: the lifecycle of patient-session.ts wired to the app's
// singletons (the Supabase client, the IndexedDB mirror, the sync state). The shell loads this
// module lazily, with ONE dynamic import (src/app/backend-demand.ts), so supabase-js and Dexie stay
// out of the first load; `appBackend` is what it takes from it.
import { sessionStore } from '../auth/session-store';
import { startAccountLanguage } from './account-language';
import { readStoredSession } from '../stored-session';
import { signOutOfAuth } from '../auth/sign-out';
import { localDb, openLocalDb } from '../local/local-db';
import { dropDeviceReminders } from '../push/device-reminders';
import { wipePatientCaches } from '../local/wipe-caches';
import { wipeMirror, wipePersonMirrors } from '../local/wipe';
import { appStorage, dataOwnerOf, forgetActing, PERSON_DB_PREFIX } from '../local/acting-for';
import { followGrantsOnDevice } from './helper-device';
import { realtimeStatus } from '../realtime/realtime-status';
import { appRetryAfter, supabase } from '../supabase-client';
import { outboxView } from '../sync/outbox-view';
import { syncState } from '../sync/sync-state';
import { createPatientSession, type PatientSession } from './patient-session';
import { browserTabChannel } from './tab-channel';
import { paths } from '../../domain/paths';

/** How long a sign-out waits at most for the device's reminders to go (beforeSignOut below). */
const SIGN_OUT_REMINDERS_WAIT_MS = 10_000;

export const appSession: PatientSession = createPatientSession({
  auth: sessionStore,
  client: supabase,
  db: localDb,
  syncState,
  outboxView,
  realtimeStatus,
  signOutOfAuth: () => signOutOfAuth(),
  // a device's reminders go with its sign-out (issue 28). Offline the request fails at once; the
  // cap is for a network that hangs. It is generous: the sign-out then leaves the page, which
  // cancels a request still on its way (3 s lost one on a busy machine, and reminders would have
  // gone on reaching a device its patient had signed out of)
  beforeSignOut: () => Promise.race([dropDeviceReminders(), new Promise<void>((resolve) => setTimeout(resolve, SIGN_OUT_REMINDERS_WAIT_MS))]),
  storedSession: () => readStoredSession(globalThis.localStorage),
  runtime: { replay: { retryAfter: appRetryAfter, online: () => globalThis.navigator?.onLine !== false } },
  // the service worker's picture cache names the patient's pharmacodes: it goes with the mirror
  // issue 41: and the mirrors of the people a helper acted for, with the helper's choices
  wipe: async (db, options) => {
    if (!options.keepPending) forgetActing(appStorage());
    await Promise.all([wipeMirror(db, options), wipePersonMirrors(PERSON_DB_PREFIX, openLocalDb, options), wipePatientCaches()]);
  },
  ownerOf: (userId) => dataOwnerOf(appStorage(), userId),
  followGrants: ({ db, userId, owner, stopRuntime }) =>
    followGrantsOnDevice({ db, userId, owner, storage: appStorage(), now: () => new Date(), stopRuntime, reload: () => globalThis.location?.assign(paths.dashboard.href()) }),
  tabs: browserTabChannel(),
  leave: () => globalThis.location?.assign(paths.home.href()),
});

/** Settles once the client is made and the screens read the session store, each in a task of its own (session-store.ts). */
export { authHandedOver } from '../auth/session-store';

/** The patient's sign-out, for screens that offer one besides the navigation (the login confirmation). */
export const signOut = (): ReturnType<PatientSession['signOut']> => appSession.signOut();

/** What the shell works with once the data layer has loaded (src/app/session-context.tsx SessionBackend), the device following the account's language among it. */
export const appBackend = { sessionStore, appSession, startAccountLanguage };
