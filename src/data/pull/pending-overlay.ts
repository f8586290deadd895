// Where the pull meets the outbox. A pull writes the server's state into the mirror;
// edits still waiting in the outbox must not disappear under it. So each customer or orders
// write of the pull calls the overlay INSIDE its Dexie transaction, after the server rows are
// in: the outbox re-applies its pending entries on top (applyPendingToMirror of
// src/data/outbox/apply.ts), and no screen ever sees the server state without them.
//
// Contract for an overlay: Dexie operations only, on the stores of that transaction
// (overlayStores: the outbox's own transaction scope plus what the pull writes), and no other
// awaits (no fetch, no timers), or Dexie commits the transaction early.
import type { CustomerId } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { applyPendingToMirror, outboxStores } from '../outbox/apply';

export type PendingArea = 'customer' | 'orders' | 'rows';

export type PendingOverlay = (db: LocalDb, customerId: CustomerId, area: PendingArea) => Promise<void>;

/** The outbox's pending entries, applied again on top of pulled data. */
export const PENDING_OVERLAY: PendingOverlay = (db, customerId) => applyPendingToMirror(db, customerId);

/** The stores of a customer or orders write: those the overlay's own transaction names, and the pull's. */
export const overlayStores = (db: LocalDb) => [...new Set([...outboxStores(db), db.customers, db.orders, db.outbox, db.meta, db.rows])];
