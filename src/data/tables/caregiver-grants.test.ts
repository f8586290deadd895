// The caregiver grants as the helpers screen reads them from the mirror (issue 41): the owner's
// invitations and helpers apart from the people the owner helps, newest first; nothing of
// another account, nothing without an owner.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { claimMirror } from '../local/mirror-owner';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { dexieReads } from '../local/mirror-reads';
import { tableQuery } from '../local/mirror-query';
import { CAREGIVER_GRANTS_TABLE, caregiverGrantsRead } from './caregiver-grants';

let db: LocalDb | null = null;
afterEach(async () => {
  db?.close();
  if (db) await Dexie.delete(db.name);
  db = null;
});

const row = (id: string, patient_id: string, helper_id: string | null, created_at: string) => ({
  table: CAREGIVER_GRANTS_TABLE,
  key: id,
  customer_id: 'walter',
  row: { id, patient_id, helper_id, created_at, rights: ['see'], accepted_at: helper_id ? created_at : null, revoked_at: null },
});

const caregiverGrantsQuery = tableQuery(caregiverGrantsRead);

describe('caregiverGrantsRead', () => {
  it('splits the owner\'s grants by side, newest first', async () => {
    db = openLocalDb(`caregivers-${crypto.randomUUID()}`);
    expect(await caregiverGrantsQuery.read(dexieReads(db))).toEqual({ helpers: [], helping: [] });
    await claimMirror(db, 'walter');
    await db.rows.bulkPut([
      row('old-invitation', 'walter', null, '2026-11-01T10:00:00Z'),
      row('anna', 'walter', 'anna', '2026-11-20T10:00:00Z'),
      row('helping-rosa', 'rosa', 'walter', '2026-11-10T10:00:00Z'),
      { ...row('someone-else', 'rosa', 'beat', '2026-11-11T10:00:00Z'), customer_id: 'beat' },
    ]);
    const { helpers, helping } = await caregiverGrantsQuery.read(dexieReads(db));
    expect(helpers.map((g) => g.id)).toEqual(['anna', 'old-invitation']);
    expect(helping.map((g) => g.id)).toEqual(['helping-rosa']);
  });
});
