// Clearing the local mirror when a patient's session ends (docs/architecture.md, 5 Sign-out:
// medical data on shared devices). Every store in one transaction, so no screen ever sees
// half of it. Only the session's owner (src/data/session) calls this.
import Dexie from 'dexie';
import type { LocalDb } from './local-db';

export interface WipeOptions {
  /**
   * The session ended on its own (refresh token refused, revoked elsewhere), not by the
   * patient's choice: edits made offline and never sent must not be destroyed. Pending outbox
   * entries and the owner mark stay, so the same patient's next sign-in sends them
   * (claimMirror keeps them) while another patient's sign-in wipes them first (claimMirror sees
   * a different owner). Without pending entries everything goes.
   */
  keepPending?: boolean;
}

/**
 * Empties the mirror (customers, orders, medications, insurers, drafts, outbox, meta). A
 * database that was never created is left alone (nothing to wipe).
 */
export async function wipeMirror(db: LocalDb, { keepPending = false }: WipeOptions = {}): Promise<void> {
  if (!db.isOpen() && !(await Dexie.exists(db.name))) return;
  await db.transaction('rw', db.tables, async () => {
    const unsent = keepPending ? await db.outbox.where('status').equals('pending').count() : 0;
    const keep = unsent > 0 ? new Set([db.outbox.name, db.meta.name]) : new Set<string>();
    await Promise.all(db.tables.filter((table) => !keep.has(table.name)).map((table) => table.clear()));
  });
}

/**
 * Issue 41: the mirrors of the people a helper acted for (local/acting-for.ts) go with the
 * helper's session like the account's own: wiped the same way (a session that ended on its own keeps
 * their unsent changes for the helper's next sign-in), and deleted when nothing is kept.
 */
export async function wipePersonMirrors(prefix: string, open: (name: string) => LocalDb, options: WipeOptions = {}): Promise<void> {
  const names = ((await globalThis.indexedDB?.databases?.()) ?? []).map((d) => d.name ?? '').filter((name) => name.startsWith(prefix));
  for (const name of names) {
    const db = open(name);
    try {
      await wipeMirror(db, options);
      const kept = options.keepPending && (await db.outbox.count()) > 0;
      if (!kept) await db.delete();
    } finally {
      db.close();
    }
  }
}
