// Sends the outbox to the server: in insertion order (seq), one pass at a time across tabs
// (lock.ts), when started, after each command (signal.ts), on a new token, and whenever the
// owner of the session triggers it (`online`, the page becoming visible, realtime back).
//
// What a failure does to its entry:
// - network error, 5xx, 429 (and 408/425): the entry stays first in line; attempts grow and
//   nextAttemptAt moves out (backoff.ts: 1 s doubling to 5 min, jittered); the pass stops, so
//   nothing overtakes it. A forced pass (connection back) retries at once.
// - 401 (token expired or missing) or no session at all: the replay PAUSES — nothing is
//   rejected (session-pause.ts).
// - any other 4xx (validation, RLS 403, 409, 422): the entry is REJECTED — kept, with its
//   error code, shown to the user — and the pass goes on with the next entries.
//
// Blocking rule: a rejected entry blocks nothing, not even later writes of the same record.
// Full-state writes carry the whole record, so a later one is the correction; when it
// succeeds it supersedes (removes) the earlier rejected ones of its kind (reconcile.ts). The
// one dependency is a send_asap answer to a send method that was never stored: it is rejected
// in turn (`dependency_rejected`). Orders never depend on each other.
//
// Each settled entry is announced (`onSettled`), so whoever owns the session can bring the
// rest of the mirror back to the server's state; the replay itself knows nothing of the pull.
import { createSignal, createStore, shallowEqual } from '../../lib/store';
import type { LocalDb } from '../local/local-db';
import type { AppClient } from '../supabase-client';
import { pendingEntries } from './apply';
import type { RetryAfterLog } from '../net/retry-after';
import { BACKOFF_MAX_MS, backoffDelay } from './backoff';
import type { EntryError } from './classify';
import { isKnownEntry, type TypedOutboxEntry } from './kinds';
import { outboxLock, type Lock } from './lock';
import { acknowledgeInMirror, rejectInMirror } from './reconcile';
import { sendEntry } from './send';
import { createSessionPause, type PauseReason } from './session-pause';
import { onOutboxAppended } from './signal';


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

/** An entry the server answered for good: stored, or refused. */
export interface Settled {
  entry: TypedOutboxEntry;
  outcome: 'acknowledged' | 'rejected';
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
  /** the server's Retry-After hints (the client's fetch records them) */
  retryAfter?: Pick<RetryAfterLog, 'until'>;
  /** whether the device has a connection (default: always); the `online` event triggers a pass */
  online?: () => boolean;
  /** whose entries go: the mirror's owner (a person a helper acts for); default: the signed-in user */
  owner?: string;
}

export function createReplayer(deps: ReplayDeps) {
  const { db, client } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const timers: Timers = deps.timers ?? (globalThis as unknown as Timers);
  const lock = deps.lock ?? outboxLock();

  const status = createStore<ReplayStatus>({ running: false, paused: null, lastError: null, lastSyncAt: null, nextAttemptAt: null }, { equals: shallowEqual });
  const set = (patch: Partial<ReplayStatus>) => status.set((s) => ({ ...s, ...patch }));
  const settled = createSignal<Settled>();
  const session = createSessionPause({ client, defer: (fn) => void timers.setTimeout(fn, 0) });

  /** passes in a row that could not even read the session (offline with an expired token) */
  let sessionFailures = 0;
  let timer: unknown = null;
  let timerAt = Infinity;
  /** after stop(): a pass that was under way ends without leaving a timed retry behind */
  let stopped = false;
  const schedule = (at: number) => {
    set({ nextAttemptAt: at });
    if (stopped || (timer !== null && timerAt <= at)) return;
    if (timer !== null) timers.clearTimeout(timer as never);
    timerAt = at;
    timer = timers.setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      void replay();
    }, Math.max(0, at - now()));
  };

  /** The next attempt: the backoff, or later when the server asked so (Retry-After), never beyond the backoff's maximum. */
  const nextAttempt = (failures: number): number => {
    const start = now();
    const asked = deps.retryAfter?.until() ?? 0;
    return Math.min(start + BACKOFF_MAX_MS, Math.max(start + backoffDelay(failures, random), asked));
  };

  async function postpone(entry: TypedOutboxEntry, failures: number, error: EntryError): Promise<void> {
    const at = nextAttempt(failures);
    await db.outbox.update(entry.seq!, { nextAttemptAt: at, lastError: error });
    set({ lastError: error });
    schedule(at);
  }

  async function pass(force: boolean): Promise<ReplayReport> {
    const report: ReplayReport = { sent: 0, rejected: 0, failed: 0, paused: null };
    if (status.get().paused === 'sessionExpired') return { ...report, paused: 'sessionExpired' };
    // Nothing to send: no session read. supabase-js' getSession() refreshes a token close to
    // expiry, and a pass per new token would then refresh again and again.
    if ((await db.outbox.where('status').equals('pending').count()) === 0) {
      if (status.get().lastError || status.get().nextAttemptAt) set({ lastError: null, nextAttemptAt: null });
      return report;
    }
    // Offline nothing can go, and reading the session would start a token refresh that
    // supabase-js then retries for half a minute and remembers as failed for another minute:
    // the edit would wait that long after the connection is back. `online` runs a pass.
    if (deps.online?.() === false) {
      set({ lastError: { code: 'network', message: 'offline', status: 0 } });
      return { ...report, failed: 1 };
    }
    const who = await session.check();
    if ('paused' in who) {
      set({ paused: who.paused });
      return { ...report, paused: who.paused };
    }
    if ('offline' in who) {
      // the token needs a refresh and the network is gone: try again later, as for a send
      set({ lastError: who.offline });
      schedule(nextAttempt(++sessionFailures));
      return { ...report, failed: 1 };
    }
    sessionFailures = 0;
    if (status.get().paused) set({ paused: null });

    let lastSeq = -Infinity;
    let queue = await pendingEntries(db, deps.owner ?? who.userId);
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
          await acknowledgeInMirror(db, entry, outcome.serverId);
          settled.emit({ entry, outcome: 'acknowledged' });
          report.sent++;
          session.sent();
        } else if (outcome.type === 'rejected') {
          await rejectInMirror(db, entry, outcome.error);
          settled.emit({ entry, outcome: 'rejected' });
          report.rejected++;
        } else if (outcome.type === 'transient') {
          await postpone(entry, entry.attempts + 1, outcome.error);
          report.failed++;
          return report;
        } else {
          set({ paused: 'sessionExpired' });
          session.expired();
          return { ...report, paused: 'sessionExpired' };
        }
      }
      queue = (await pendingEntries(db, deps.owner ?? who.userId)).filter((e) => e.seq! > lastSeq);
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
    get: status.get,
    subscribe: status.subscribe,
    /** Every entry the server answered for good. */
    onSettled: settled.on,
    /** Follows commands and auth changes; runs a first pass. */
    start(): void {
      if (stopFns.length) return;
      stopped = false;
      stopFns = [
        onOutboxAppended(() => trigger()),
        session.watch(() => status.get().paused !== null, {
          paused: (reason) => set({ paused: reason }),
          resume: () => {
            set({ paused: null });
            trigger({ force: true });
          },
        }),
      ];
      trigger();
    },
    stop(): void {
      stopped = true;
      stopFns.forEach((f) => f());
      stopFns = [];
      if (timer !== null) timers.clearTimeout(timer as never);
      timer = null;
      timerAt = Infinity;
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;
