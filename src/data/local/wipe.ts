// Sign-out clears the local mirror (ARCHITECTURE.md "The client" 5: medical data on shared
// devices). Every store, in one transaction, so no screen ever sees half of it.
import Dexie from 'dexie';
import { localDb, type LocalDb } from './local-db';

/**
 * Empties every store of the mirror (customers, orders, medications, insurers, drafts,
 * outbox, meta). A database that was never created is left alone (nothing to wipe).
 */
export async function wipeLocalData(db: LocalDb = localDb()): Promise<void> {
  if (!db.isOpen() && !(await Dexie.exists(db.name))) return;
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}

let explicitSignOut = false;

/** The patient chose to sign out (after the unsent-changes warning): everything goes. */
export function markExplicitSignOut(): void {
  explicitSignOut = true;
}

/**
 * After SIGNED_OUT. An explicit sign-out wipes everything. A session that ended on its own
 * (refresh token refused, revoked elsewhere) must not destroy edits the patient made offline
 * and never chose to drop: the mirror is cleared, but pending outbox entries and the owner
 * mark stay, so the same patient's next sign-in sends them (claimMirror keeps them), while
 * another patient's sign-in wipes them first (claimMirror sees a different owner).
 */
export async function wipeAfterSignOut(db: LocalDb = localDb()): Promise<void> {
  if (explicitSignOut || (!db.isOpen() && !(await Dexie.exists(db.name)))) return wipeLocalData(db);
  await db.transaction('rw', db.tables, async () => {
    const unsent = await db.outbox.where('status').equals('pending').count();
    const keep = unsent > 0 ? new Set([db.outbox.name, db.meta.name]) : new Set<string>();
    await Promise.all(db.tables.filter((table) => !keep.has(table.name)).map((table) => table.clear()));
  });
}
