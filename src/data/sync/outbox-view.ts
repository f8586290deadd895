// What the shell shows of the outbox: how many entries wait, and the rejected ones with their
// error code (the UI turns label and code into "what to correct"). Fed by a Dexie liveQuery
// (session/patient-runtime.ts), so it follows writes of every tab. No Dexie, no registry here:
// the shell imports this, and the label of an entry comes from its caller.
import { createStore, type Store } from '../../lib/store';
import type { OutboxEntry } from '../local/mirror-schema';

export interface RejectedEntry {
  /** the outbox id (for discard / retry) */
  id: string;
  /** the message id naming what it was (its table's or call's label) */
  label: string;
  /** the message id of what to correct (src/domain/reason-text.ts for its code) */
  reason: string;
  /** the machine code of the refusal (classify.ts) */
  code: string;
  status: number | null;
  createdAt: number;
}

export interface OutboxView {
  pendingCount: number;
  rejected: readonly RejectedEntry[];
}

export const EMPTY_OUTBOX_VIEW: OutboxView = { pendingCount: 0, rejected: [] };

/**
 * The outbox of one customer, summarised (pure); `describe` gives an entry's label and reason as
 * message ids (src/data/outbox/kinds.ts entryLabel, src/domain/reason-text.ts), so the shell
 * only looks the words up.
 */
export function outboxViewOf(entries: readonly OutboxEntry[], describe: (entry: OutboxEntry, code: string) => { label: string; reason: string }): OutboxView {
  const sorted = [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return {
    pendingCount: sorted.filter((e) => e.status === 'pending').length,
    rejected: sorted
      .filter((e) => e.status === 'rejected')
      .map((e) => ({ id: e.id, ...describe(e, e.lastError?.code ?? 'invalid'), code: e.lastError?.code ?? 'invalid', status: e.lastError?.status ?? null, createdAt: e.createdAt })),
  };
}

export type OutboxViewStore = Store<OutboxView>;

export const createOutboxViewStore = (): OutboxViewStore => createStore<OutboxView>(EMPTY_OUTBOX_VIEW);

/** The app's outbox view. */
export const outboxView: OutboxViewStore = createOutboxViewStore();
