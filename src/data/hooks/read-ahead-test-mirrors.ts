// Test support for the read-ahead suites: mirrors of their own (fake IndexedDB), closed and deleted
// after each test with everything read ahead forgotten.
import Dexie from 'dexie';
import { afterEach } from 'vitest';
import { changeDraft } from '../draft/draft-order';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { forgetReadAhead } from '../local/read-ahead';

/** Call at a suite's top level: `open` makes a mirror that goes after the test. */
export function testMirrors(prefix: string): { open: (name?: string) => LocalDb; withDraft: (medications: Record<string, number>) => Promise<LocalDb> } {
  const dbs: LocalDb[] = [];
  afterEach(async () => {
    forgetReadAhead();
    for (const db of dbs.splice(0)) {
      db.close();
      await Dexie.delete(db.name);
    }
  });
  const open = (name = `${prefix}-${crypto.randomUUID()}`) => {
    const db = openLocalDb(name);
    dbs.push(db);
    return db;
  };
  /** patient u1's mirror with a draft order of these medications */
  const withDraft = async (medications: Record<string, number>) => {
    const db = open();
    await claimMirror(db, 'u1');
    await changeDraft(db, 'u1', (draft) => ({ ...draft, medications }));
    return db;
  };
  return { open, withDraft };
}
