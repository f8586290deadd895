// The caregiver grants as a synced table of the registry (issue 41 item 2: "a table of grants …
// through the registry"): the pull brings the patient their invitations and helpers, the helper
// their own grants — never the code's hash —, and realtime puts a revocation into the helper's
// mirror as it comes.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { claimMirror } from '../../src/data/local/mirror-owner';
import { applyRowChange } from '../../src/data/pull/mirror-writes';
import { pullRows } from '../../src/data/pull/pull';
import { CAREGIVER_GRANTS_TABLE } from '../../src/data/tables/caregiver-grants-table';
import { serviceClient, type SignedUpPatient } from '../setup/clients.ts';
import { helperOf, invite, revoke } from './caregiver-fixtures.ts';
import { patientWithProfile, type Patient } from './fixtures.ts';

let P: Patient;
let helper: SignedUpPatient;
let grantId: string;
let pendingId: string;
const dbs: LocalDb[] = [];

async function mirrorOf(client: Patient['client'], userId: string): Promise<LocalDb> {
  const db = openLocalDb(`caregiver-${randomUUID()}`);
  dbs.push(db);
  await claimMirror(db, userId);
  expect(await pullRows(client, db, userId)).toEqual({ ok: true, value: 'written' });
  return db;
}

const grantsIn = async (db: LocalDb, userId: string) =>
  (await db.rows.where('[table+customer_id]').equals([CAREGIVER_GRANTS_TABLE, userId]).toArray()).map((r) => r.row);

beforeAll(async () => {
  P = await patientWithProfile('Walter');
  const made = await helperOf(P.client, ['see', 'tick'], 'Anna');
  helper = made.helper;
  grantId = made.grantId!;
  pendingId = (await invite(P.client, ['see'])).id;
});

afterAll(() => dbs.forEach((db) => db.close()));

describe('the pull of the grants', () => {
  it('brings the patient their helper and their pending invitation, without the code', async () => {
    const db = await mirrorOf(P.client, P.userId);
    const grants = await grantsIn(db, P.userId);
    expect(grants.map((g) => g.id).sort()).toEqual([grantId, pendingId].sort());
    expect(grants.find((g) => g.id === grantId)).toMatchObject({ helper_id: helper.userId, helper_name: 'Anna', rights: ['see', 'tick'] });
    expect(grants.every((g) => !('code_hash' in g))).toBe(true);
  });

  it('brings the helper their grant only; realtime\'s revocation replaces it in their mirror', async () => {
    const db = await mirrorOf(helper.client as Patient['client'], helper.userId);
    const grants = await grantsIn(db, helper.userId);
    expect(grants).toEqual([expect.objectContaining({ id: grantId, patient_id: P.userId, revoked_at: null })]);

    expect(await revoke(P.client, grantId)).toEqual({ status: 204, code: undefined });
    const { data: row } = await serviceClient().from(CAREGIVER_GRANTS_TABLE).select('id, patient_id, helper_id, revoked_at, revoked_by').eq('id', grantId).single();
    expect(await applyRowChange(db, helper.userId, { table: CAREGIVER_GRANTS_TABLE, type: 'UPDATE', row: row! })).toBe('written');
    expect(await grantsIn(db, helper.userId)).toEqual([expect.objectContaining({ id: grantId, revoked_by: P.userId })]);
    // another user's grant is not put into this mirror
    expect(await applyRowChange(db, helper.userId, { table: CAREGIVER_GRANTS_TABLE, type: 'INSERT', row: { id: randomUUID(), patient_id: randomUUID(), helper_id: randomUUID() } })).toBe('written');
    expect(await grantsIn(db, helper.userId)).toHaveLength(1);
  });
});
