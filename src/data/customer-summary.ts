// What the shell's guards need of a signed-in patient (spec §2 Shell, §4 Profile setup):
// hasProfile, hasSetup and hasPrescriptions (an active prescription: navigation, orders),
// read from the local mirror. ensure() starts the patient's data session (pull, realtime,
// see pull/data-session.ts); the flags follow the mirrored customer record live, so they
// are there offline too, and change as soon as a pull or an outbox write changes the record.
// reset() (signed out) stops the session and wipes the mirror.
import { liveQuery, type Subscription } from 'dexie';
import type { CustomerRecord } from '../domain/entities';
import { isPrescriptionActive } from '../domain/prescription-state';
import { setupFlags } from '../domain/setup-state';
import { localDb, META, type LocalDb } from './local/local-db';
import { mirrorOwner } from './local/mirror-owner';
import { wipeAfterSignOut } from './local/wipe';
import { startDataSession, type DataSession } from './pull/data-session';
import type { PullArea, PullError, PullResult } from './pull/pull';
import { supabase } from './supabase-client';

export interface CustomerSummary {
  hasProfile: boolean;
  hasSetup: boolean;
  hasPrescriptions: boolean;
}

export type CustomerSummaryError = PullError;

/** A pull of one area failed (the app layer turns it into a notification). */
export interface PullFailure {
  area: PullArea;
  error: PullError;
}

/** The flags of a loaded customer (none yet: a new account). */
export function summarizeCustomer(customer: CustomerRecord | null, now: Date): CustomerSummary {
  const flags = setupFlags(customer);
  return {
    hasProfile: flags.hasProfile,
    hasSetup: flags.hasSetup,
    hasPrescriptions: (customer?.webshop_customer_medication ?? []).some((p) => isPrescriptionActive(p, now)),
  };
}

export interface CustomerSummaryState {
  /** whose summary this is ('' = none) */
  key: string;
  /** ready: the mirror holds a pulled customer area of this user (maybe from an earlier visit) */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  summary: CustomerSummary | null;
  /** the first pull failed and the mirror had nothing of this user */
  error: CustomerSummaryError | null;
}

export interface CustomerSummaryDeps {
  db: () => LocalDb;
  start: (userId: string, onResult: (area: PullArea, result: PullResult) => void) => DataSession;
  wipe: () => Promise<void>;
  now?: () => Date;
}

const IDLE: CustomerSummaryState = { key: '', status: 'idle', summary: null, error: null };

const appDeps: CustomerSummaryDeps = {
  db: localDb,
  start: (userId, onResult) => startDataSession(userId, { client: supabase(), db: localDb(), onResult }),
  wipe: () => wipeAfterSignOut(),
};

/** The mirrored customer of this user, once its area was pulled (undefined: not yet). */
async function mirroredCustomer(db: LocalDb, userId: string): Promise<{ customer: CustomerRecord | null } | undefined> {
  if ((await mirrorOwner(db)) !== userId) return undefined;
  if (!(await db.meta.get(META.pulledAt('customer')))) return undefined;
  return { customer: (await db.customers.get(userId)) ?? null };
}

export function createCustomerSummaryStore(deps: CustomerSummaryDeps = appDeps) {
  const now = deps.now ?? (() => new Date());
  let state = IDLE;
  /** the signed-in user's run; its data session starts once an earlier wipe has finished */
  let run: { userId: string; session: DataSession | null } | null = null;
  let wiping: Promise<void> = Promise.resolve();
  let watching: Subscription | null = null;
  const listeners = new Set<() => void>();
  const failureListeners = new Set<(f: PullFailure) => void>();
  const set = (next: CustomerSummaryState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  function end(): void {
    watching?.unsubscribe();
    watching = null;
    void run?.session?.stop();
    run = null;
  }

  function begin(userId: string, key: string): void {
    end();
    const current: { userId: string; session: DataSession | null } = { userId, session: null };
    run = current;
    set({ key, status: 'loading', summary: null, error: null });
    const fail = (error: CustomerSummaryError) => {
      if (run === current && state.status === 'loading') set({ ...state, status: 'failed', error });
    };
    void wiping.then(() => {
      if (run !== current) return;
      const session = deps.start(userId, (area, result) => {
        if (run === current && !result.ok) failureListeners.forEach((l) => l({ area, error: result.error }));
      });
      current.session = session;
      watching = liveQuery(() => mirroredCustomer(deps.db(), userId)).subscribe({
        next: (found) => {
          if (run === current && found) set({ key: state.key, status: 'ready', summary: summarizeCustomer(found.customer, now()), error: null });
        },
        error: () => fail('failed'),
      });
      session.ready.then(
        (report) => report.errors.customer && fail(report.errors.customer),
        () => fail('failed'),
      );
    });
  }

  return {
    get: (): CustomerSummaryState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Every failed pull of an area while signed in. */
    onPullFailure(listener: (failure: PullFailure) => void): () => void {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
    /**
     * Starts this user's data session unless it runs already under the same key; the key
     * also names what changes the answer (the assurance level: RLS hides the rows from an
     * aal1 session of a patient with two-factor), so a new key of the same user pulls again.
     */
    ensure(id: string, key = id): void {
      if (state.key === key && state.status !== 'idle') return;
      if (run?.userId === id) {
        set({ ...state, key });
        void run.session?.engine.pull();
        return;
      }
      begin(id, key);
    },
    /** Pulls the customer again (the mirror changes, the flags follow). */
    async refresh(): Promise<void> {
      await run?.session?.engine.pull(['customer', 'medications']);
    },
    /**
     * Signed out: stops the data session and wipes the mirror. The wipe starts at once (an
     * answer still arriving for the old session finds no owner and writes nothing); a next
     * sign-in starts its session only after it.
     */
    reset(): void {
      end();
      if (state !== IDLE) set(IDLE);
      wiping = wiping.then(() => deps.wipe()).catch(() => {});
    },
  };
}

export type CustomerSummaryStore = ReturnType<typeof createCustomerSummaryStore>;

export const customerSummaryStore: CustomerSummaryStore = createCustomerSummaryStore();
