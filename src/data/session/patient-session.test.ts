// The owner of the patient's data session (README "Architecture": the lifecycle). The auth
// state is a store the test sets; the runtime (pull, realtime, replay: tested against the real
// local stack in tests/backend) is a stand-in that records what the owner asks of it. The
// mirror is a real Dexie database on fake-indexeddb.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerRecord } from '../../domain/entities';
import { createStore } from '../../lib/store';
import { LOADING_STATE, SIGNED_OUT_STATE, type AuthState } from '../auth/auth-state';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { writeCustomer } from '../pull/mirror-writes';
import { reportOf, type PullArea, type PullReport, type PullResult } from '../pull/pull';
import { createRealtimeStatus } from '../realtime/realtime-status';
import { createOutboxViewStore } from '../sync/outbox-view';
import { createSyncState } from '../sync/sync-state';
import { createPatientSession, type PatientSessionDeps } from './patient-session';
import type { PullFailure } from './summary';
import { COMPLETE_CUSTOMER } from './test-patient';
import type { PatientRuntime, RuntimeDeps } from './patient-runtime';
import type { TabChannel, TabMessage } from './tab-channel';

const NOW = new Date('2026-11-23T09:00:00+01:00');

const ok: PullResult = { ok: true, value: 'written' };
const allOk = (): Record<PullArea, PullResult> => ({ customer: ok, orders: ok, medications: ok, insurers: ok, rows: ok });

const signedIn = (over: Partial<AuthState> = {}, id = 'u1'): AuthState => ({
  ...LOADING_STATE,
  status: 'signedIn',
  user: { id, email: `${id}@example.test`, language: 'de', newEmail: null },
  aal: { current: 'aal1', next: 'aal1' },
  ...over,
});

interface FakeRuntime {
  deps: RuntimeDeps;
  pullAll: ReturnType<typeof vi.fn>;
  online: ReturnType<typeof vi.fn>;
  visible: ReturnType<typeof vi.fn>;
  stop: ReturnType<typeof vi.fn>;
  finish: (report: PullReport) => void;
}

function harness(extra: Partial<PatientSessionDeps> = {}) {
  const db = openLocalDb(`session-${Math.random()}`);
  const auth = createStore<AuthState>(LOADING_STATE);
  const runtimes: FakeRuntime[] = [];
  const startRuntime = vi.fn((deps: RuntimeDeps): PatientRuntime => {
    let finish: (r: PullReport) => void = () => {};
    const first = new Promise<PullReport>((r) => (finish = r));
    const fake: FakeRuntime = {
      deps,
      pullAll: vi.fn(() => (fake.pullAll.mock.calls.length === 1 ? first : Promise.resolve(reportOf(allOk())))),
      online: vi.fn(),
      visible: vi.fn(),
      stop: vi.fn(async () => {}),
      finish: (r) => finish(r),
    };
    runtimes.push(fake);
    return { userId: deps.userId, pullAll: fake.pullAll, online: fake.online, visible: fake.visible, stop: fake.stop, discard: vi.fn(), retry: vi.fn() } as unknown as PatientRuntime;
  });
  const wipe = vi.fn(async (_db: LocalDb, _o: { keepPending?: boolean }) => {});
  const leave = vi.fn();
  const signOutOfAuth = vi.fn(async () => ({ ok: true as const, value: 'server' as 'server' | 'local' }));
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const syncState = createSyncState({ online: true, debounceMs: 0 });
  const order: string[] = [];
  const client = {
    auth: {
      refreshSession: vi.fn(async () => {
        order.push('refresh');
        stored = { expires_at: Math.floor(Date.now() / 1000) + 3600, expires_in: 3600 };
        return { data: { session: stored }, error: null };
      }),
      // an expired token: supabase-js' getSession() refreshes it
      getSession: vi.fn(async () => {
        order.push('refresh');
        stored = { expires_at: Math.floor(Date.now() / 1000) + 3600, expires_in: 3600 };
        return { data: { session: stored }, error: null };
      }),
      onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: () => {} } } })),
    },
    realtime: {
      isConnected: vi.fn(() => false),
      disconnect: vi.fn(async () => void order.push('old socket down')),
      connect: vi.fn(() => void order.push('realtime')),
    },
  };
  let stored: { expires_at: number; expires_in: number } | null = null;
  const posted: TabMessage[] = [];
  let fromOtherTab: (m: TabMessage) => void = () => {};
  const tabs: TabChannel = { post: (m) => void posted.push(m), on: (l) => ((fromOtherTab = l), () => {}) };
  const session = createPatientSession({
    tabs,
    auth,
    client: () => client as never,
    storedSession: () => stored,
    db: () => db,
    syncState,
    outboxView: createOutboxViewStore(),
    realtimeStatus: createRealtimeStatus(),
    signOutOfAuth,
    leave,
    connection: { window: win, document: doc },
    online: () => true,
    now: () => NOW,
    wipe,
    startRuntime,
    ...extra,
  });
  session.start();
  /** What a successful pull of the customer does to the mirror. */
  const pulled = async (userId: string, record: CustomerRecord | null) => {
    await claimMirror(db, userId);
    await writeCustomer(db, userId, record, { overlay: null });
  };
  return { posted, fromOtherTab: (m: TabMessage) => fromOtherTab(m), db, auth, session, runtimes, startRuntime, wipe, leave, signOutOfAuth, win, doc, syncState, pulled, client, order, store: (s: typeof stored) => (stored = s) };
}

describe('patient session: starting', () => {
  it('loading until the pull wrote the customer, then its flags; they follow the mirror', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.startRuntime).toHaveBeenCalledOnce());
    expect(h.startRuntime.mock.calls[0]![0].userId).toBe('u1');
    expect(h.session.summary.get()).toMatchObject({ key: 'u1:aal1', status: 'loading' });
    expect(h.runtimes[0]!.pullAll).toHaveBeenCalledOnce();
    await h.pulled('u1', { ...COMPLETE_CUSTOMER, id: 'u1' });
    await vi.waitFor(() =>
      expect(h.session.summary.get()).toMatchObject({ key: 'u1:aal1', status: 'ready', flags: { hasProfile: true, hasSetup: true, hasPrescriptions: true } }),
    );
    await h.db.customers.update('u1', { webshop_customer_medication: [] });
    await vi.waitFor(() => expect(h.session.summary.get().flags?.hasPrescriptions).toBe(false));
  });

  it('a new account: ready with every flag false once the pull found no row', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await h.pulled('u1', null);
    await vi.waitFor(() => expect(h.session.summary.get()).toMatchObject({ status: 'ready', flags: { hasProfile: false, hasSetup: false } }));
  });

  it('offline with an earlier pull in the mirror: ready from it although the pull fails', async () => {
    const h = harness();
    await h.pulled('u1', { ...COMPLETE_CUSTOMER, id: 'u1' });
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.runtimes[0]!.finish(reportOf({ ...allOk(), customer: { ok: false, error: 'network' } }));
    await vi.waitFor(() => expect(h.session.summary.get()).toMatchObject({ status: 'ready', flags: { hasSetup: true } }));
  });

  it('the first pull fails and the mirror has nothing: failed with the error', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.runtimes[0]!.finish(reportOf({ ...allOk(), customer: { ok: false, error: 'network' } }));
    await vi.waitFor(() => expect(h.session.summary.get()).toMatchObject({ status: 'failed', error: 'network' }));
  });

  // RLS hides every customer row from an aal1 session of a two-factor patient
  it('while the second factor is missing: the replay runs, the pull does not; the confirmed level pulls', async () => {
    const h = harness();
    h.auth.set(signedIn({ needsSecondFactor: true, aal: { current: 'aal1', next: 'aal2' } }));
    await vi.waitFor(() => expect(h.startRuntime).toHaveBeenCalledOnce());
    expect(h.runtimes[0]!.pullAll).not.toHaveBeenCalled();
    expect(h.session.summary.get().status).toBe('idle');
    h.auth.set(signedIn({ aal: { current: 'aal2', next: 'aal2' } }));
    await vi.waitFor(() => expect(h.runtimes[0]!.pullAll).toHaveBeenCalledOnce());
    expect(h.session.summary.get()).toMatchObject({ key: 'u1:aal2', status: 'loading' });
  });

  it('another assurance level of the same user pulls again without restarting', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.auth.set(signedIn({ aal: { current: 'aal2', next: 'aal2' } }));
    expect(h.startRuntime).toHaveBeenCalledOnce();
    expect(h.runtimes[0]!.pullAll).toHaveBeenCalledTimes(2);
    expect(h.session.summary.get().key).toBe('u1:aal2');
  });

  it('reports failed pulls of an area while its session runs', async () => {
    const h = harness();
    const failures: PullFailure[] = [];
    h.session.onPullFailure((f) => failures.push(f));
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    const report = h.runtimes[0]!.deps.onPullResult!;
    report('orders', { ok: false, error: 'failed' });
    report('customer', ok);
    expect(failures).toEqual([{ area: 'orders', error: 'failed' }]);
  });

  it('another patient signing in stops the first one\'s runtime and starts theirs', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.auth.set(signedIn({}, 'u2'));
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(2));
    expect(h.runtimes[0]!.stop).toHaveBeenCalled();
    expect(h.runtimes[1]!.deps.userId).toBe('u2');
  });
});

describe('patient session: ending', () => {
  it('signed out at the start: the mirror is wiped (unsent changes kept), the page stays', async () => {
    const h = harness();
    h.auth.set(SIGNED_OUT_STATE);
    await vi.waitFor(() => expect(h.wipe).toHaveBeenCalledOnce());
    expect(h.wipe.mock.calls[0]![1]).toEqual({ keepPending: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(h.leave).not.toHaveBeenCalled();
  });

  it('SIGNED_OUT after a signed-in state stops the runtime, wipes, then leaves for / (a full load); late answers are ignored', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.auth.set(SIGNED_OUT_STATE);
    expect(h.session.summary.get().status).toBe('idle');
    expect(h.runtimes[0]!.stop).toHaveBeenCalled();
    await vi.waitFor(() => expect(h.leave).toHaveBeenCalledOnce());
    expect(h.wipe).toHaveBeenCalledOnce();
    // a session that ended on its own keeps what was never sent
    expect(h.wipe.mock.calls[0]![1]).toEqual({ keepPending: true });
    h.runtimes[0]!.finish(reportOf({ ...allOk(), customer: { ok: false, error: 'network' } }));
    await h.pulled('u1', COMPLETE_CUSTOMER);
    await new Promise((r) => setTimeout(r, 20));
    expect(h.session.summary.get().status).toBe('idle');
  });

  it('a sign-in right after a sign-out starts its runtime only once the wipe is done', async () => {
    const h = harness();
    let wiped: () => void = () => {};
    h.wipe.mockImplementationOnce(() => new Promise<void>((r) => (wiped = r)));
    h.auth.set(SIGNED_OUT_STATE);
    h.auth.set(signedIn({}, 'u2'));
    await new Promise((r) => setTimeout(r, 10));
    expect(h.startRuntime).not.toHaveBeenCalled();
    wiped();
    await vi.waitFor(() => expect(h.startRuntime).toHaveBeenCalledOnce());
    expect(h.runtimes[0]!.deps.userId).toBe('u2');
  });

  it('the patient\'s own sign-out wipes unsent changes too', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    expect(await h.session.signOut()).toEqual({ ok: true, value: 'server' });
    // supabase-js fires SIGNED_OUT
    h.auth.set(SIGNED_OUT_STATE);
    await vi.waitFor(() => expect(h.leave).toHaveBeenCalledOnce());
    expect(h.wipe.mock.calls.at(-1)![1]).toEqual({ keepPending: false });
  });

  // a shared device: the patient must be able to leave without a connection
  it('offline, the sign-out ends the session here: wiped, then leaves for /', async () => {
    const h = harness();
    h.signOutOfAuth.mockResolvedValueOnce({ ok: true, value: 'local' });
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    await h.session.signOut();
    expect(h.runtimes[0]!.stop).toHaveBeenCalled();
    await vi.waitFor(() => expect(h.leave).toHaveBeenCalledOnce());
    expect(h.wipe.mock.calls.at(-1)![1]).toEqual({ keepPending: false });
  });

  it('a refused sign-out changes nothing', async () => {
    const h = harness();
    h.signOutOfAuth.mockResolvedValueOnce({ ok: false, kind: 'unknown', message: 'bad' } as never);
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    expect(await h.session.signOut()).toMatchObject({ ok: false });
    expect(h.runtimes[0]!.stop).not.toHaveBeenCalled();
    // a later sign-out on its own keeps unsent changes again
    h.auth.set(SIGNED_OUT_STATE);
    await vi.waitFor(() => expect(h.wipe).toHaveBeenCalled());
    expect(h.wipe.mock.calls.at(-1)![1]).toEqual({ keepPending: true });
  });
});

describe('patient session: the connection', () => {
  it('one listener: offline and online reach the sync state; online and a visible page reach the runtime', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.win.dispatchEvent(new Event('offline'));
    // a loss shows after the (here zero) debounce
    await vi.waitFor(() => expect(h.syncState.get().online).toBe(false));
    h.win.dispatchEvent(new Event('online'));
    expect(h.syncState.get().online).toBe(true);
    await vi.waitFor(() => expect(h.runtimes[0]!.online).toHaveBeenCalledOnce());
    h.doc.dispatchEvent(new Event('visibilitychange'));
    expect(h.runtimes[0]!.visible).toHaveBeenCalledOnce();
    h.doc.visibilityState = 'hidden';
    h.doc.dispatchEvent(new Event('visibilitychange'));
    expect(h.runtimes[0]!.visible).toHaveBeenCalledOnce();
  });
});

describe('patient session: back online', () => {
  // an edit made offline after the token expired must not wait out supabase-js' refresh cooldown
  // a socket that failed offline waits for its backoff timer, which connect() alone would leave be
  it('an expired token is refreshed first; then realtime reconnects at once (the failed socket taken down), then the runtime pulls and sends', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.runtimes[0]!.online.mockImplementation(() => void h.order.push('pull+send'));
    h.store({ expires_at: NOW.getTime() / 1000 - 60, expires_in: 3600 });
    h.win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(h.order).toEqual(['refresh', 'old socket down', 'realtime', 'pull+send']));
  });

  it('a socket still connected is left alone', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.client.realtime.isConnected.mockReturnValue(true);
    h.store({ expires_at: Date.now() / 1000 + 3600, expires_in: 3600 });
    h.win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(h.runtimes[0]!.online).toHaveBeenCalledOnce());
    expect(h.order).not.toContain('old socket down');
    expect(h.order).not.toContain('realtime');
  });


  it('a token with time left is not refreshed', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.store({ expires_at: Date.now() / 1000 + 3600, expires_in: 3600 });
    h.win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(h.runtimes[0]!.online).toHaveBeenCalledOnce());
    expect(h.order).not.toContain('refresh');
  });
});

describe('patient session: the other tabs', () => {
  it('a sign-out here tells the other tabs (whether the patient chose it)', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    await h.session.signOut();
    h.auth.set(SIGNED_OUT_STATE);
    expect(h.posted).toEqual([{ type: 'signedOut', explicit: true }]);
  });

  it('a sign-out in another tab ends this one: stopped, wiped as it was chosen there, and it leaves', async () => {
    const h = harness();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    h.fromOtherTab({ type: 'signedOut', explicit: true });
    expect(h.runtimes[0]!.stop).toHaveBeenCalled();
    await vi.waitFor(() => expect(h.leave).toHaveBeenCalledOnce());
    expect(h.wipe.mock.calls.at(-1)![1]).toEqual({ keepPending: false });
    // it does not echo the message back
    expect(h.posted).toEqual([]);
  });
});

// issue 41: a helper acts for a person on their own device. The session then works with the
// person's data (the runtime pulls and sends for them, the flags are theirs) while the grants are
// followed as the signed-in helper; once the help ends, the stop it is handed ends this session.
describe('patient session: a helper acting for a person', () => {
  const acting = () => {
    const grantsOff = vi.fn();
    const followGrants = vi.fn((_args: Parameters<NonNullable<PatientSessionDeps['followGrants']>>[0]) => grantsOff);
    const h = harness({ ownerOf: () => 'person-id', followGrants });
    return { ...h, followGrants, grantsOff };
  };

  it('the runtime runs for the person; the grants are followed for the helper in the person\'s mirror', async () => {
    const h = acting();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.startRuntime).toHaveBeenCalledOnce());
    expect(h.startRuntime.mock.calls[0]![0].userId).toBe('person-id');
    expect(h.followGrants).toHaveBeenCalledOnce();
    expect(h.followGrants.mock.calls[0]![0]).toMatchObject({ userId: 'u1', owner: 'person-id' });
    expect(h.followGrants.mock.calls[0]![0].db).toBe(h.db);
  });

  // the flags decide the guards and the navigation: they are the person's, not the helper's
  it('the flags are the person\'s, from the person\'s record in the mirror', async () => {
    const h = acting();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.runtimes).toHaveLength(1));
    await h.pulled('person-id', { ...COMPLETE_CUSTOMER, id: 'person-id' });
    await vi.waitFor(() => expect(h.session.summary.get()).toMatchObject({ key: 'u1:aal1', status: 'ready', flags: { hasSetup: true, hasPrescriptions: true } }));
  });

  it('the help ended: the stop ends the runtime and the following, and nothing starts again for this page', async () => {
    const h = acting();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.followGrants).toHaveBeenCalledOnce());
    await h.followGrants.mock.calls[0]![0].stopRuntime();
    expect(h.runtimes[0]!.stop).toHaveBeenCalled();
    expect(h.grantsOff).toHaveBeenCalledOnce();
    // the page loads again next: a change of the auth state meanwhile starts no runtime
    h.auth.set(signedIn({ aal: { current: 'aal2', next: 'aal2' } }));
    h.auth.set(signedIn({}, 'u2'));
    await new Promise((r) => setTimeout(r, 20));
    expect(h.startRuntime).toHaveBeenCalledOnce();
    // nor is the mirror wiped as for a sign-out: the grant's follower deletes the person's mirror itself
    expect(h.wipe).not.toHaveBeenCalled();
  });

  it('a sign-out stops following the grants', async () => {
    const h = acting();
    h.auth.set(signedIn());
    await vi.waitFor(() => expect(h.followGrants).toHaveBeenCalledOnce());
    h.auth.set(SIGNED_OUT_STATE);
    expect(h.grantsOff).toHaveBeenCalledOnce();
    expect(h.runtimes[0]!.stop).toHaveBeenCalled();
  });
});
