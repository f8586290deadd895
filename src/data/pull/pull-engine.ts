// Runs the pull for one signed-in user: a full pull on demand, and reloads of one area
// requested by realtime (bursts within `debounceMs` become one pull). Pulls of one area never
// overlap: a request while one runs queues exactly one more after it, so an older answer
// never overwrites a newer one. After the customer or the orders, the medications they name
// and the mirror lacks are fetched.
import { nextTask } from '../../lib/next-task';
import { createStore } from '../../lib/store';
import type { AppClient } from '../supabase-client';
import type { CustomerId } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { PULL_AREAS, pullCustomer, pullInsurers, pullMedications, pullOrders, pullRows, recordLastPull, recordPullOutcome, reportOf, type PullArea, type PullOptions, type PullReport, type PullResult } from './pull';
import type { PullError } from './queries';

export type ReloadArea = 'customer' | 'orders' | 'rows';

export interface PullStatus {
  /** pulls under way */
  running: number;
  /** epoch ms of the last pull in which every area succeeded (this session) */
  lastPullAt: number | null;
  /** the latest error of each area, cleared by its next success */
  errors: Partial<Record<PullArea, PullError>>;
  /** pulls started, per area (diagnostics, tests) */
  started: Record<PullArea, number>;
}

export interface PullEngineOptions extends PullOptions {
  client: AppClient;
  db: LocalDb;
  userId: CustomerId;
  /** realtime bursts within this time become one pull (default 300 ms) */
  debounceMs?: number;
  /** every finished pull of an area */
  onResult?: (area: PullArea, result: PullResult) => void;
}

export const RELOAD_DEBOUNCE_MS = 300;

export function createPullEngine(o: PullEngineOptions) {
  const { client, db, userId } = o;
  const debounceMs = o.debounceMs ?? RELOAD_DEBOUNCE_MS;
  const now = o.now ?? Date.now;
  const status = createStore<PullStatus>({ running: 0, lastPullAt: null, errors: {}, started: { customer: 0, orders: 0, medications: 0, insurers: 0, rows: 0 } });
  const set = status.set;
  let stopped = false;
  const running = new Map<PullArea, Promise<PullResult>>();
  const queued = new Map<PullArea, Promise<PullResult>>();
  const timers = new Map<ReloadArea, ReturnType<typeof setTimeout>>();
  const reloads = new Set<Promise<void>>();

  const fetchers: Record<PullArea, (full: boolean) => Promise<PullResult>> = {
    customer: () => pullCustomer(client, db, userId, o),
    orders: () => pullOrders(client, db, userId, o),
    insurers: () => pullInsurers(client, db, userId, o),
    medications: (full) => pullMedications(client, db, userId, { ...o, onlyMissing: !full }),
    rows: () => pullRows(client, db, userId, o),
  };

  async function execute(area: PullArea, full: boolean): Promise<PullResult> {
    set((s) => ({ ...s, running: s.running + 1, started: { ...s.started, [area]: s.started[area] + 1 } }));
    let result: PullResult;
    try {
      result = await fetchers[area](full);
    } catch {
      result = { ok: false, error: 'failed' }; // a Dexie failure (quota, closed database)
    }
    set((s) => {
      const errors = { ...s.errors };
      if (result.ok) delete errors[area];
      else errors[area] = result.error;
      return { ...s, running: s.running - 1, errors };
    });
    if (!stopped) await recordPullOutcome(db, userId, area, result.ok ? null : result.error, now()).catch(() => {});
    if (!stopped) o.onResult?.(area, result);
    return result;
  }

  /** One pull of an area, after the one under way (if any); requests meanwhile share it. */
  function pullArea(area: PullArea, full = true): Promise<PullResult> {
    const waiting = queued.get(area);
    if (waiting) return waiting;
    const current = running.get(area);
    const start = (): Promise<PullResult> => {
      queued.delete(area);
      const p = execute(area, full).finally(() => {
        if (running.get(area) === p) running.delete(area);
      });
      running.set(area, p);
      return p;
    };
    if (!current) return start();
    const next = current.then(start, start);
    queued.set(area, next);
    return next;
  }

  async function reload(area: ReloadArea): Promise<void> {
    if (stopped) return;
    const result = await pullArea(area);
    if (result.ok && !stopped) await pullArea('medications', false);
  }

  return {
    /** Pulls these areas now (all by default); medications after the customer and orders. */
    async pull(areas: readonly PullArea[] = PULL_AREAS): Promise<PullReport> {
      const skipped: PullResult = { ok: true, value: 'written' };
      // each area's requests leave in a task of their own: building and sending them all at once
      // (supabase-js, the session's token, fetch) blocked a returning patient's screen for one
      // long task right after its first paint
      const started: Promise<PullResult>[] = [];
      let sent = false;
      for (const a of ['customer', 'orders', 'insurers', 'rows'] as const) {
        if (sent && areas.includes(a)) await nextTask();
        const wanted = areas.includes(a) && !stopped;
        started.push(wanted ? pullArea(a) : Promise.resolve(skipped));
        sent ||= wanted;
      }
      const first = await Promise.all(started);
      const [customer, orders, insurers, rows] = first as [PullResult, PullResult, PullResult, PullResult];
      const medications = areas.includes('medications') && !stopped ? await pullArea('medications', true) : skipped;
      const report = reportOf({ customer, orders, medications, insurers, rows });
      if (report.ok && areas.length === PULL_AREAS.length && !stopped) {
        const at = now();
        await recordLastPull(db, userId, at);
        set((s) => ({ ...s, lastPullAt: at }));
      }
      return report;
    },
    /**
     * The server acknowledged a write of this area while a pull of it ran: that pull may have read
     * the server before the write and, the entry no longer pending, would leave the mirror without
     * it (realtime's event, seen as already held, reloads nothing). The area is pulled once more
     * after it. Nothing when no pull of the area runs.
     */
    afterWrite(area: ReloadArea): Promise<PullResult> | null {
      return !stopped && running.has(area) ? pullArea(area) : null;
    },
    /** A reload asked for by realtime: debounced, then the area and any new medications. */
    request(area: ReloadArea): void {
      if (stopped) return;
      clearTimeout(timers.get(area));
      timers.set(
        area,
        setTimeout(() => {
          timers.delete(area);
          const p = reload(area).finally(() => reloads.delete(p));
          reloads.add(p);
        }, debounceMs),
      );
    },
    /** Resolves when no pull is under way or waiting (tests, sign-out). */
    async idle(): Promise<void> {
      while (running.size || queued.size || timers.size || reloads.size) {
        await Promise.allSettled([...running.values(), ...queued.values(), ...reloads]);
        if (timers.size) await new Promise((r) => setTimeout(r, debounceMs));
      }
    },
    status: { get: status.get, subscribe: status.subscribe },
    /** No more pulls; answers still under way are written only if the mirror is still this user's. */
    stop(): void {
      stopped = true;
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
    },
  };
}

export type PullEngine = ReturnType<typeof createPullEngine>;
