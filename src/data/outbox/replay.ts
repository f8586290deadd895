// Sends the outbox to the server: in insertion order (seq), one pass at a time across tabs
// (lock.ts), on start, on `online`, when the page becomes visible and after each command.
//
// What a failure does to its entry:
// - network error, 5xx, 429 (and 408/425): the entry stays first in line; attempts grow and
//   nextAttemptAt moves out (backoff.ts: 1 s doubling to 5 min, jittered); the pass stops, so
//   nothing overtakes it. `online`, `visible` and a reconnect retry at once (force).
// - 401 (token expired or missing) or no session at all: the replay PAUSES — nothing is
//   rejected — and one token refresh is tried; a sign-in (or refresh) resumes it.
// - any other 4xx (validation, RLS 403, 409, 422): the entry is REJECTED — kept, with its
//   error code, shown to the user — and the pass goes on with the next entries.
//
// Blocking rule: a rejected entry blocks nothing, not even later writes of the same record.
// Full-state writes carry the whole record, so a later one is the correction; when it
// succeeds it supersedes (removes) the earlier rejected ones of its kind. The one dependency
// is a send_asap answer to a send method that was never stored: it is rejected in turn
// (`dependency_rejected`). Orders never depend on each other.
import type { AuthChangeEvent } from '@supabase/supabase-js';
import type { AppClient } from '../supabase-client';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { localDb, type LocalDb, type MirrorOrder } from '../local/local-db';
import { applyEntry, outboxStores, pendingEntries } from './apply';
import { backoffDelay } from './backoff';
import type { EntryError } from './classify';
import { isTempId } from './ids';
import { isKnownEntry, LIST_OF, SUPERSEDING, type TypedOutboxEntry } from './kinds';
import { pendingOrder, replaceRowId } from './mirror';
import { outboxLock, type Lock } from './lock';
import { sendEntry } from './send';
import { onOutboxAppended, outboxAppended } from './signal';

export type PauseReason = 'signedOut' | 'sessionExpired' | 'secondFactor';

export interface ReplayStatus {
  running: boolean;
  paused: PauseReason | null;
  /** the last transient failure; cleared when a pass gets through */
  lastError: EntryError | null;
  /** when a pass last left nothing pending */
  lastSyncAt: number | null;
  /** when the next timed retry is due */
  nextAttemptAt: number | null;
}

export interface ReplayReport {
  sent: number;
  rejected: number;
  failed: number;
  paused: PauseReason | null;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

export interface ReplayDeps {
  db: LocalDb;
  client: AppClient;
  now?: () => number;
  /** jitter source of the backoff (0..1) */
  random?: () => number;
  timers?: Timers;
  lock?: Lock;
  /** Seams to the pull (part A): bring the mirror back to the server's state after a
   * rejection, and load the server's order after an order went through. */
  reloadCustomer?: (customerId: string) => Promise<void>;
  reloadOrders?: (customerId: string) => Promise<void>;
  /** sources of `online` and `visibilitychange` (default: window and document) */
  events?: { window?: EventTarget | undefined; document?: (EventTarget & { visibilityState?: string }) | undefined };
}

/** A new token: a pass now (a session that was missing or expired is back). */
const NEW_TOKEN_EVENTS: ReadonlySet<AuthChangeEvent> = new Set(['SIGNED_IN', 'TOKEN_REFRESHED', 'MFA_CHALLENGE_VERIFIED']);

export function createReplayer(deps: ReplayDeps) {
  const { db, client } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const timers: Timers = deps.timers ?? (globalThis as unknown as Timers);
  const lock = deps.lock ?? outboxLock();
  const quietly = (p: Promise<void> | undefined) => void p?.catch((e: unknown) => console.error(e));

  let status: ReplayStatus = { running: false, paused: null, lastError: null, lastSyncAt: null, nextAttemptAt: null };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ReplayStatus>) => {
    status = { ...status, ...patch };
    listeners.forEach((l) => l());
  };

  let refreshTried = false;
  /** passes in a row that could not even read the session (offline with an expired token) */
  let sessionFailures = 0;
  let timer: unknown = null;
  let timerAt = Infinity;
  const schedule = (at: number) => {
    set({ nextAttemptAt: at });
    if (timer !== null && timerAt <= at) return;
    if (timer !== null) timers.clearTimeout(timer as never);
    timerAt = at;
    timer = timers.setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      void replay();
    }, Math.max(0, at - now()));
  };

  async function signedInUser(): Promise<{ userId: string } | { paused: PauseReason } | { offline: EntryError }> {
    const { data, error } = await client.auth.getSession();
    if (error) return isAuthRetryableFetchError(error) ? { offline: { code: 'network', message: error.message, status: 0 } } : { paused: 'signedOut' };
    if (!data.session) return { paused: 'signedOut' };
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (!aal.error && aal.data?.nextLevel === 'aal2' && aal.data.currentLevel !== 'aal2') return { paused: 'secondFactor' };
    return { userId: data.session.user.id };
  }

  async function acknowledge(entry: TypedOutboxEntry, serverId: number | undefined): Promise<void> {
    const tempId = typeof entry.payload.id === 'number' && isTempId(entry.payload.id) ? entry.payload.id : null;
    await db.transaction('rw', outboxStores(db), async () => {
      await db.outbox.delete(entry.seq!);
      if (entry.kind === 'order.create') {
        const temp = (await db.orders.get(entry.payload.id)) as MirrorOrder | undefined;
        await db.orders.delete(entry.payload.id);
        if (serverId && !(await db.orders.get(serverId))) {
          const { pending: _pending, ...order } = temp ?? pendingOrder(entry);
          await db.orders.put({ ...order, id: serverId });
        }
      } else if (tempId !== null && serverId) {
        const list = LIST_OF[entry.kind]!;
        const record = await db.customers.get(entry.customer_id);
        if (record) await db.customers.put(replaceRowId(record, list, tempId, serverId));
        // later entries that name the temporary row now name the server's (order defaults are
        // insert-only: nothing names their rows)
        if (entry.kind !== 'orderDefaults.insert') {
          await db.outbox
            .where('customer_id')
            .equals(entry.customer_id)
            .modify((e) => {
              const p = e.payload as { id?: unknown };
              if (p?.id === tempId && LIST_OF[e.kind as TypedOutboxEntry['kind']] === list) e.payload = { ...p, id: serverId };
            });
        }
      }
      if (SUPERSEDING.has(entry.kind)) {
        // through the status index: rejected entries are few, pending ones may be many
        await db.outbox
          .where('status')
          .equals('rejected')
          .filter((e) => e.customer_id === entry.customer_id && e.kind === entry.kind && e.seq! < entry.seq!)
          .delete();
      }
    });
    if (entry.kind === 'order.create') quietly(deps.reloadOrders?.(entry.customer_id));
  }

  async function reject(entry: TypedOutboxEntry, error: EntryError): Promise<void> {
    await db.transaction('rw', outboxStores(db), async () => {
      await db.outbox.update(entry.seq!, { status: 'rejected', lastError: error });
      if (entry.kind === 'order.create') await db.orders.delete(entry.payload.id);
    });
    // the mirror still shows the change the server refused: reload the server's state
    if (entry.kind !== 'order.create') quietly(deps.reloadCustomer?.(entry.customer_id));
  }

  async function postpone(entry: TypedOutboxEntry, failures: number, error: EntryError): Promise<void> {
    const at = now() + backoffDelay(failures, random);
    await db.outbox.update(entry.seq!, { nextAttemptAt: at, lastError: error });
    set({ lastError: error });
    schedule(at);
  }

  async function pass(force: boolean): Promise<ReplayReport> {
    const report: ReplayReport = { sent: 0, rejected: 0, failed: 0, paused: null };
    if (status.paused === 'sessionExpired') return { ...report, paused: 'sessionExpired' };
    const who = await signedInUser();
    if ('paused' in who) {
      set({ paused: who.paused });
      return { ...report, paused: who.paused };
    }
    if ('offline' in who) {
      // the token needs a refresh and the network is gone: try again later, as for a send
      set({ lastError: who.offline });
      schedule(now() + backoffDelay(++sessionFailures, random));
      return { ...report, failed: 1 };
    }
    sessionFailures = 0;
    if (status.paused) set({ paused: null });

    let lastSeq = -Infinity;
    let queue = await pendingEntries(db, who.userId);
    while (queue.length > 0) {
      for (const listed of queue) {
        lastSeq = Math.max(lastSeq, listed.seq!);
        // read again: a discard, a retry or a temporary id replaced since the list was read
        const entry = await db.outbox.get(listed.seq!);
        if (!entry || entry.status !== 'pending' || !isKnownEntry(entry)) continue;
        if (!force && entry.nextAttemptAt > now()) {
          schedule(entry.nextAttemptAt);
          return report;
        }
        await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
        const outcome = await sendEntry(client, entry, entry.attempts > 0);
        if (outcome.type === 'ok') {
          await acknowledge(entry, outcome.serverId);
          report.sent++;
          refreshTried = false;
        } else if (outcome.type === 'rejected') {
          await reject(entry, outcome.error);
          report.rejected++;
        } else if (outcome.type === 'transient') {
          await postpone(entry, entry.attempts + 1, outcome.error);
          report.failed++;
          return report;
        } else {
          set({ paused: 'sessionExpired' });
          if (!refreshTried) {
            refreshTried = true;
            // a new token (TOKEN_REFRESHED) resumes; a dead refresh token signs out, and the next sign-in resumes
            void client.auth.refreshSession().catch(() => undefined);
          }
          return { ...report, paused: 'sessionExpired' };
        }
      }
      queue = (await pendingEntries(db, who.userId)).filter((e) => e.seq! > lastSeq);
    }
    set({ lastError: null, lastSyncAt: now(), nextAttemptAt: null });
    return report;
  }

  let queued: Promise<ReplayReport> | null = null;
  let queuedForce = false;

  /** Runs a pass (after the one under way, if any); `force` ignores the backoff wait. */
  function replay(options: { force?: boolean } = {}): Promise<ReplayReport> {
    queuedForce ||= options.force ?? false;
    if (queued) return queued;
    const run = lock(async () => {
      queued = null;
      const force = queuedForce;
      queuedForce = false;
      set({ running: true });
      try {
        return await pass(force);
      } finally {
        set({ running: false });
      }
    });
    queued = run;
    return run;
  }

  const trigger = (options?: { force?: boolean }) => {
    replay(options).catch((e: unknown) => console.error(e));
  };

  let stopFns: (() => void)[] = [];

  return {
    replay,
    trigger,
    get: (): ReplayStatus => status,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Listens for commands, auth changes, `online` and visibility; runs a first pass. */
    start(): void {
      if (stopFns.length) return;
      const win = deps.events ? deps.events.window : (globalThis as { window?: EventTarget }).window;
      const doc = deps.events ? deps.events.document : (globalThis as { document?: EventTarget & { visibilityState?: string } }).document;
      const onOnline = () => trigger({ force: true });
      const onVisible = () => doc?.visibilityState === 'visible' && trigger({ force: true });
      win?.addEventListener('online', onOnline);
      doc?.addEventListener('visibilitychange', onVisible);
      const auth = client.auth.onAuthStateChange((event, session) => {
        // not inside the callback: supabase-js holds its lock until the callback returns
        timers.setTimeout(() => {
          if (event === 'SIGNED_OUT' || !session) return set({ paused: 'signedOut' });
          if (NEW_TOKEN_EVENTS.has(event) || status.paused) {
            // a refreshed token that is refused again is not refreshed again until a sign-in or a send succeeds
            if (event === 'SIGNED_IN') refreshTried = false;
            set({ paused: null });
            trigger({ force: true });
          }
        }, 0);
      });
      stopFns = [
        onOutboxAppended(() => trigger()),
        () => auth.data.subscription.unsubscribe(),
        () => win?.removeEventListener('online', onOnline),
        () => doc?.removeEventListener('visibilitychange', onVisible),
      ];
      trigger();
    },
    stop(): void {
      stopFns.forEach((f) => f());
      stopFns = [];
      if (timer !== null) timers.clearTimeout(timer as never);
      timer = null;
      timerAt = Infinity;
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;

async function entryById(db: LocalDb, id: string) {
  return db.outbox.where('id').equals(id).first();
}

/** Drops an entry for good (the UI's discard of a rejected change); its pending order leaves the mirror. */
export async function discardEntry(id: string, db: LocalDb = localDb()): Promise<TypedOutboxEntry | null> {
  return db.transaction('rw', outboxStores(db), async () => {
    const entry = await entryById(db, id);
    if (!entry) return null;
    await db.outbox.delete(entry.seq!);
    if (!isKnownEntry(entry)) return null;
    if (entry.kind === 'order.create') await db.orders.delete(entry.payload.id);
    return entry;
  });
}

/**
 * Sends a rejected entry again (same id, so an order keeps its idempotency key): it goes to the
 * end of the line as the user's latest intent, and shows in the mirror again.
 */
export async function retryEntry(id: string, db: LocalDb = localDb()): Promise<boolean> {
  const done = await db.transaction('rw', outboxStores(db), async () => {
    const entry = await entryById(db, id);
    if (!entry || !isKnownEntry(entry)) return false;
    await db.outbox.delete(entry.seq!);
    const { seq: _seq, ...rest } = entry;
    const again = { ...rest, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null } as TypedOutboxEntry;
    await db.outbox.add(again);
    await applyEntry(db, again);
    return true;
  });
  if (done) outboxAppended();
  return done;
}
