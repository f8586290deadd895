// The one owner of a patient's data session on this page. It follows the auth state
// (src/data/auth/session-store.ts):
//
//   signed in (a user)           -> claim the mirror, start the replay (patient-runtime.ts)
//   ... and may read their rows  -> pull everything, realtime; the flags follow the mirror
//   (not aal1 of a 2FA patient)     (a new assurance level pulls again)
//   signed out                   -> stop all of it, wipe the mirror; after a signed-in state
//                                   leave for / with a full page load
//
// One `online`/`offline`/visibility listener (connection.ts) feeds the sync state and asks the
// runtime to pull and send. A sign-in that follows a sign-out starts only once the wipe is
// done. The patient's own sign-out (after the shell's unsent-changes warning) wipes
// everything; a session that ends on its own keeps unsent changes for the same patient's
// next sign-in (local/wipe.ts).
import { createSignal, createStore, type ReadableStore } from '../../lib/store';
import type { Session } from '@supabase/supabase-js';
import type { AuthResult } from '../auth/auth-result';
import type { AuthState } from '../auth/auth-state';
import { refreshIfStale } from '../auth/fresh-session';
import { startTokenRefresher, type TokenRefresher } from '../auth/token-refresher';
import { nextTask } from '../../lib/next-task';
import type { SignedOutWhere } from '../auth/sign-out';
import type { LocalDb } from '../local/local-db';
import { wipeMirror, type WipeOptions } from '../local/wipe';
import type { PullArea, PullReport } from '../pull/pull';
import type { PullError } from '../pull/queries';
import type { RealtimeStatusStore } from '../realtime/realtime-status';
import type { OutboxView, OutboxViewStore } from '../sync/outbox-view';
import type { SyncState, SyncStateStore } from '../sync/sync-state';
import { pageTargets, watchConnection, type ConnectionTargets } from './connection';
import { watchMirroredFlags } from './mirrored-flags';
import { startPatientRuntime, type PatientRuntime, type RuntimeDeps, type RuntimeOptions } from './patient-runtime';
import { IDLE_SUMMARY, summaryKey, type PatientSummary, type PullFailure } from './summary';
import type { TabChannel } from './tab-channel';
import type { AppClient } from '../supabase-client';


/** How long a blocked database may keep a signed-out patient on the page. */
export const LEAVE_WAIT_MS = 2000;

export interface PatientSessionDeps {
  auth: ReadableStore<AuthState>;
  client: () => AppClient;
  db: () => LocalDb;
  syncState: SyncStateStore;
  outboxView: OutboxViewStore;
  realtimeStatus: RealtimeStatusStore;
  signOutOfAuth: () => Promise<AuthResult<SignedOutWhere>>;
  /** what must go while the session still holds (this device's dose reminders); never throws */
  beforeSignOut?: () => Promise<void>;
  /** the session as stored, read without supabase-js (which would refresh while reading) */
  storedSession?: () => Pick<Session, 'expires_at' | 'expires_in'> | null;
  /** leave for / with a full page load (clears everything held in memory) */
  leave: () => void;
  connection?: ConnectionTargets;
  /** navigator.onLine at start */
  online?: () => boolean;
  now?: () => Date;
  wipe?: (db: LocalDb, options: WipeOptions) => Promise<void>;
  runtime?: RuntimeOptions;
  /** starts what runs for one patient (tests pass a stand-in) */
  startRuntime?: (deps: RuntimeDeps) => PatientRuntime;
  /** the other tabs: a sign-out here signs them out too */
  tabs?: TabChannel;
  /** issue 41: whose data the session works with — the person a helper acts for (local/acting-for.ts); default: the account's own */
  ownerOf?: (userId: string) => string;
  /** issue 41: follows the caregiver grants for the session's mirror (helper-device.ts); returns the stop */
  followGrants?: (args: { db: LocalDb; userId: string; owner: string; stopRuntime: () => Promise<void> }) => () => void;
}

interface Run {
  userId: string;
  /** whose data: the account's, or the person a helper acts for */
  owner: string;
  runtime: PatientRuntime | null;
  /** the access token's refresh (supabase-js' own ticker is off) */
  refresher: TokenRefresher;
  /** the summary key whose data part is wanted ('' = not yet: second factor pending) */
  dataKey: string;
  unwatch: (() => void) | null;
  grantsOff: (() => void) | null;
}

export function createPatientSession(deps: PatientSessionDeps) {
  const now = deps.now ?? (() => new Date());
  const wipe = deps.wipe ?? wipeMirror;
  const startRuntime = deps.startRuntime ?? startPatientRuntime;
  const summary = createStore<PatientSummary>(IDLE_SUMMARY);
  const pullFailed = createSignal<PullFailure>();

  let current: Run | null = null;
  let wiping: Promise<void> = Promise.resolve();
  let wasSignedIn = false;
  let explicitSignOut = false;
  let started = false;
  let halted = false;

  const fail = (run: Run, error: PullError) => {
    if (current === run && summary.get().status === 'loading') summary.set({ ...summary.get(), status: 'failed', error });
  };

  function startData(run: Run): void {
    const runtime = run.runtime!;
    run.unwatch = watchMirroredFlags(deps.db(), run.owner, now, {
      flags: (flags) => {
        if (current === run) summary.set({ key: summary.get().key, status: 'ready', flags, error: null });
      },
      error: () => fail(run, 'failed'),
    });
    runtime.pullAll().then(
      (report) => report.errors.customer && fail(run, report.errors.customer),
      () => fail(run, 'failed'),
    );
  }

  const isOnline = () => deps.online?.() ?? globalThis.navigator?.onLine !== false;

  function begin(userId: string): Run {
    const refresher = startTokenRefresher({ auth: deps.client().auth, stored: () => deps.storedSession?.() ?? null, online: isOnline });
    const owner = deps.ownerOf?.(userId) ?? userId;
    const run: Run = { userId, owner, runtime: null, refresher, dataKey: '', unwatch: null, grantsOff: null };
    current = run;
    // a sign-in right after a sign-out starts once the wipe is done; the runtime (the mirror's
    // database, realtime, the first pull) in a task after the one that made the client, which
    // were one task of 70–100 ms after a returning patient's first paint at 4× CPU (issue 36)
    void wiping.then(nextTask).then(() => {
      if (current !== run) return;
      run.runtime = startRuntime({
        ...deps.runtime,
        client: deps.client(),
        db: deps.db(),
        userId: owner,
        syncState: deps.syncState,
        outboxView: deps.outboxView,
        realtimeStatus: deps.realtimeStatus,
        onPullResult: (area, result) => {
          if (current === run && !result.ok) pullFailed.emit({ area, error: result.error });
        },
      });
      run.grantsOff =
        deps.followGrants?.({
          db: deps.db(),
          userId,
          owner,
          stopRuntime: async () => {
            // the page leaves next: nothing starts again for this mirror meanwhile
            halted = true;
            if (current === run) end();
            await run.runtime?.stop();
          },
        }) ?? null;
      if (run.dataKey) startData(run);
    });
    return run;
  }

  /** The data part for this key: started once, pulled again for a new key of the same user. */
  function ensureData(run: Run, key: string): void {
    const shown = summary.get();
    if (shown.key === key && shown.status !== 'idle') return;
    if (run.dataKey) {
      run.dataKey = key;
      summary.set({ ...shown, key });
      if (run.runtime) void run.runtime.pullAll();
      return;
    }
    run.dataKey = key;
    summary.set({ key, status: 'loading', flags: null, error: null });
    if (run.runtime) startData(run);
  }

  function end(): void {
    const run = current;
    current = null;
    run?.unwatch?.();
    run?.grantsOff?.();
    run?.refresher.stop();
    void run?.runtime?.stop();
  }

  /**
   * Stops everything and wipes; after a signed-in state, tells the other tabs (unless they told
   * this one) and leaves for / once the wipe is done (or has taken too long).
   */
  function endAndWipe(from: 'here' | 'otherTab' = 'here'): void {
    end();
    summary.set(IDLE_SUMMARY);
    const keepPending = !explicitSignOut;
    wiping = wiping.then(() => wipe(deps.db(), { keepPending })).catch(() => undefined);
    if (wasSignedIn) {
      wasSignedIn = false;
      if (from === 'here') deps.tabs?.post({ type: 'signedOut', explicit: explicitSignOut });
      void Promise.race([wiping, new Promise((r) => setTimeout(r, LEAVE_WAIT_MS))]).then(() => deps.leave());
    }
  }

  function follow(): void {
    if (halted) return;
    const auth = deps.auth.get();
    if (auth.status === 'loading') return;
    if (auth.status === 'signedIn' && auth.user) {
      wasSignedIn = true;
      const run = current?.userId === auth.user.id ? current : (end(), begin(auth.user.id));
      if (!auth.needsSecondFactor) ensureData(run, summaryKey(auth));
      return;
    }
    endAndWipe();
  }

  /**
   * The connection is back: a token that expired meanwhile is refreshed first (never sent
   * stale, net/fetch-guard.ts), then realtime reconnects at once (not after its backoff), the
   * mirror is pulled and the outbox sent. A socket that failed while offline stays behind, closed
   * and waiting for its backoff timer (up to 10 s), and connect() leaves it be: it is taken down
   * first, so the new one opens now (its channels rejoin on open).
   */
  async function reconnect(): Promise<void> {
    const run = current;
    if (!run) return;
    const client = deps.client();
    await refreshIfStale(client.auth, deps.storedSession?.() ?? null);
    if (current !== run) return;
    run.refresher.poke();
    if (!client.realtime.isConnected()) {
      await client.realtime.disconnect();
      if (current !== run) return;
      client.realtime.connect();
    }
    run.runtime?.online();
  }

  const online = () => {
    deps.syncState.setOnline(true);
    void reconnect();
  };

  const offline = () => deps.syncState.setOnline(false);

  return {
    /** Follows the auth state and the connection (once per page). */
    start(): void {
      if (started) return;
      started = true;
      deps.syncState.setOnline(isOnline());
      watchConnection(deps.connection ?? pageTargets(), {
        online,
        offline,
        visible: () => {
          current?.refresher.poke();
          current?.runtime?.visible();
        },
      });
      deps.tabs?.on((message) => {
        if (message.explicit) explicitSignOut = true;
        endAndWipe('otherTab');
      });
      deps.auth.subscribe(follow);
      follow();
    },
    /** What the guards need: the flags of the signed-in patient, keyed by user and level. */
    summary: { get: summary.get, subscribe: summary.subscribe } as ReadableStore<PatientSummary>,
    /** Every failed pull of an area while signed in. */
    onPullFailure: pullFailed.on,
    syncState: deps.syncState as ReadableStore<SyncState>,
    outboxView: deps.outboxView as ReadableStore<OutboxView>,
    /** Pulls these areas again now (all by default): the "refresh" action. Null: no patient's session runs. */
    async refresh(areas?: readonly PullArea[]): Promise<PullReport | null> {
      return (await current?.runtime?.engine.pull(areas)) ?? null;
    },
    /** The patient's discard of a refused change. */
    discard: (id: string): Promise<void> => current?.runtime?.discard(id) ?? Promise.resolve(),
    /** The patient's "send again" of a refused change. */
    retry: (id: string): Promise<void> => current?.runtime?.retry(id) ?? Promise.resolve(),
    /** Changes not on the server yet (pending and refused), read now: the sign-out warning asks this. */
    unsentChanges: (): Promise<number> => deps.db().outbox.count(),
    /**
     * The patient's sign-out: everything on this device goes, pending changes too (the shell
     * warned first). Offline, only this device forgets the session, and the page leaves.
     */
    async signOut(): Promise<AuthResult<SignedOutWhere>> {
      explicitSignOut = true;
      await deps.beforeSignOut?.().catch(() => undefined);
      const result = await deps.signOutOfAuth();
      if (!result.ok) explicitSignOut = false;
      // no SIGNED_OUT event comes after a local sign-out: end the session here
      else if (result.value === 'local') endAndWipe();
      return result;
    },
  };
}

export type PatientSession = ReturnType<typeof createPatientSession>;
