// What the mirror's stores hold (their rows and the meta keys), apart from Dexie: the reads at
// a returning patient's start (idb-reads.ts) use IndexedDB itself before Dexie has loaded.
import type { DraftOrder, Order } from '../../domain/entities';

export const LOCAL_DB_NAME = 'rezeptpost';

/** One write waiting for the server (spec §7 writes). `id` is the idempotency key. */
export interface OutboxEntry {
  /** insertion order: replay order */
  seq?: number;
  /** client-generated uuid; sent as the idempotency key */
  id: string;
  customer_id: string;
  kind: string;
  payload: unknown;
  status: 'pending' | 'rejected';
  attempts: number;
  /** epoch ms before which a retry waits (backoff) */
  nextAttemptAt: number;
  createdAt: number;
  /** last failure: an error code for the UI, and the server's message */
  lastError?: { code: string; message: string; status?: number } | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Keys of the meta store written by the pull (src/data/pull) and the mirror's owner. */
export const META = {
  /** the customer id whose data the mirror holds (another user's sign-in wipes it first) */
  owner: 'owner',
  /** epoch ms of the last pull in which every area succeeded */
  lastPullAt: 'lastPullAt',
  /** epoch ms of the last successful pull of one area: `pulledAt.customer`, `pulledAt.orders`, … */
  pulledAt: (area: string) => `pulledAt.${area}`,
  /** the last pull of an area failed: `{error, at}` (its next success removes it), e.g. `pullError.orders` */
  pullError: (area: string) => `pullError.${area}`,
  /**
   * the pharmacodes the stored orders hold, noted by the pull's write of the orders (a number
   * array): what the medications' pull asks for without reading every order again. A note, not
   * the truth: orders the outbox writes are not in it (src/data/pull/mirror-writes.ts)
   */
  orderPharmacodes: 'orderPharmacodes',
} as const;

/**
 * An order as mirrored: a top-level order of the order-tree select (children and items
 * nested; the server's row also carries its `idempotency_key`), or one placed through the
 * outbox (src/data/outbox/mirror.ts pendingOrder): a temporary id, `pending: true` and the
 * outbox entry's id as `outbox_id` until the server has it.
 */
export type MirrorOrder = Order & { pending?: boolean; outbox_id?: string; idempotency_key?: string | null };

/** An order that exists only on this device so far (placed through the outbox, not confirmed yet). */
export const isLocalOrder = (order: Pick<MirrorOrder, 'pending'>): boolean => order.pending === true;

/**
 * A row of a synced table the mirror keeps apart from the customer record (the `rows` store,
 * version 3; src/data/tables/synced-tables.ts, mirror 'rows'): its table, its key (the key
 * columns' values as one string), its customer, and the row as the server has it (or as the
 * outbox will write it).
 */
export interface MirrorRow {
  table: string;
  key: string;
  customer_id: string;
  row: Record<string, unknown>;
}

export interface InsurerRow {
  name: string;
}

export interface DraftRow {
  customer_id: string;
  draft: DraftOrder;
}
