// What the shell shows of the outbox: how many entries wait, and the rejected ones with their
// error code (the UI turns kind and code into "what to correct"). Fed by a Dexie liveQuery
// (session/patient-runtime.ts), so it follows writes of every tab. No Dexie here: the shell imports this.
import { createStore, type Store } from '../../lib/store';
import type { OutboxEntry } from '../local/local-db';
import type { OutboxKind } from '../outbox/kinds';

export interface RejectedEntry {
  /** the outbox id (for discard / retry) */
  id: string;
  kind: OutboxKind;
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

/** The outbox of one customer, summarised (pure). */
export function outboxViewOf(entries: readonly OutboxEntry[]): OutboxView {
  const sorted = [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return {
    pendingCount: sorted.filter((e) => e.status === 'pending').length,
    rejected: sorted
      .filter((e) => e.status === 'rejected')
      .map((e) => ({ id: e.id, kind: e.kind as OutboxKind, code: e.lastError?.code ?? 'invalid', status: e.lastError?.status ?? null, createdAt: e.createdAt })),
  };
}

export type OutboxViewStore = Store<OutboxView>;

export const createOutboxViewStore = (): OutboxViewStore => createStore<OutboxView>(EMPTY_OUTBOX_VIEW);

/** The app's outbox view. */
export const outboxView: OutboxViewStore = createOutboxViewStore();
