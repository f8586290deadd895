import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocalDb } from './local-db';
import { claimMirror } from './mirror-owner';
import { wipeMirror, wipePersonMirrors } from './wipe';

const entry = (id: string, status: 'pending' | 'rejected') => ({ id, customer_id: 'a', kind: 'address', payload: {}, status, attempts: 0, nextAttemptAt: 0, createdAt: 0 });

async function filled(name: string, outbox: ReturnType<typeof entry>[]) {
  const db = openLocalDb(`${name}-${Math.random()}`);
  await claimMirror(db, 'a');
  await db.customers.put({ id: 'a', first_name: 'Sandra', last_name: 'Meier', gender: 2, birthday: '1961-04-12', language: 'de' });
  await db.outbox.bulkAdd(outbox);
  return db;
}

// docs/architecture.md, 5 Sign-out: sign-out wipes the device, but an expired session pauses
// replay — it must not destroy edits the patient never chose to drop.
describe('wipeMirror', () => {
  it('a session that ended on its own keeps pending changes and the owner, and clears the mirror', async () => {
    const db = await filled('lost', [entry('e1', 'pending')]);
    await wipeMirror(db, { keepPending: true });
    expect(await db.customers.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual(['e1']);
    // the same patient signs in again: nothing is wiped, the change is still there to send
    expect(await claimMirror(db, 'a')).toBe(false);
    expect(await db.outbox.count()).toBe(1);
    // another patient signs in: everything goes first
    expect(await claimMirror(db, 'b')).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('without pending changes everything goes', async () => {
    const db = await filled('none', [entry('e2', 'rejected')]);
    await wipeMirror(db, { keepPending: true });
    expect(await Promise.all([db.customers.count(), db.outbox.count(), db.meta.count()])).toEqual([0, 0, 0]);
  });

  it('an explicit sign-out wipes pending changes too', async () => {
    const db = await filled('explicit', [entry('e3', 'pending')]);
    await wipeMirror(db);
    expect(await Promise.all([db.customers.count(), db.outbox.count(), db.meta.count()])).toEqual([0, 0, 0]);
  });

  it('a database never created is left alone', async () => {
    const db = openLocalDb(`never-${Math.random()}`);
    await wipeMirror(db);
    expect(db.isOpen()).toBe(false);
  });
});

// issue 41: a helper's device holds a mirror per person acted for; they go with the helper's session
describe('wipePersonMirrors', () => {
  const names = async () => (await indexedDB.databases()).map((d) => d.name ?? '');

  it("an explicit sign-out deletes every person's mirror, pending changes too, and leaves other databases", async () => {
    const prefix = `people-${Math.random()}-for-`;
    const other = await filled('own', [entry('o1', 'pending')]);
    const dbs = [await filled(`${prefix}rosa`, [entry('p1', 'pending')]), await filled(`${prefix}hans`, [])];
    const personNames = dbs.map((db) => db.name);
    dbs.forEach((db) => db.close());
    await wipePersonMirrors(prefix, (name) => openLocalDb(name));
    const left = await names();
    expect(personNames.filter((n) => left.includes(n))).toEqual([]);
    expect(left).toContain(other.name);
  });

  it("a session that ended on its own keeps a person's mirror with unsent changes (cleared but for them) and deletes the others", async () => {
    const prefix = `lost-${Math.random()}-for-`;
    const [withChanges, without] = [await filled(`${prefix}rosa`, [entry('p2', 'pending')]), await filled(`${prefix}hans`, [entry('p3', 'rejected')])];
    withChanges.close();
    without.close();
    await wipePersonMirrors(prefix, (name) => openLocalDb(name), { keepPending: true });
    const left = await names();
    expect(left).toContain(withChanges.name);
    expect(left).not.toContain(without.name);
    const kept = openLocalDb(withChanges.name);
    expect((await kept.outbox.toArray()).map((e) => e.id)).toEqual(['p2']);
    expect(await kept.customers.count()).toBe(0);
    kept.close();
  });
});
