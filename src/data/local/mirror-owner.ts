// Whose data the mirror holds. The mirror belongs to one patient at a time: a sign-in of
// another user first wipes what an earlier session left (a sign-out normally wipes already).
import type { LocalDb } from './local-db';
import { META } from './mirror-schema';
import { dexieReads, ownerIn } from './mirror-reads';

export const mirrorOwner = (db: LocalDb): Promise<string | null> => ownerIn(dexieReads(db));

/** Makes `userId` the owner; wipes every store first when they belong to someone else. Returns whether it wiped. */
export async function claimMirror(db: LocalDb, userId: string): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const owner = await mirrorOwner(db);
    if (owner === userId) return false;
    const wipe = owner !== null || (await db.outbox.count()) > 0 || (await db.customers.count()) > 0;
    if (wipe) await Promise.all(db.tables.map((table) => table.clear()));
    await db.meta.put({ key: META.owner, value: userId });
    return wipe;
  });
}
