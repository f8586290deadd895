// The caregiver grants as a synced table of the registry (issue 41 item 2: "a table of grants …
// through the registry"): the pull brings the patient their invitations and helpers, the helper
// their own grants — never the code's hash —, and realtime puts a revocation into the helper's
// mirror as it comes.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { claimMirror } from '../../src/data/local/mirror-owner';
import { acceptInvitation, endGrant, inviteHelper } from '../../src/data/auth/caregiver-grants';
import { tableQuery } from '../../src/data/local/mirror-query';
import { dexieReads } from '../../src/data/local/mirror-reads';
import { applyRowChange } from '../../src/data/pull/mirror-writes';
import { pullRows } from '../../src/data/pull/pull';
import { CAREGIVER_GRANTS_TABLE, caregiverGrantsRead } from '../../src/data/tables/caregiver-grants';
import { mailsTo, serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';
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

// the app's own calls (src/data/auth/caregiver-grants.ts), as the helpers screen makes them
describe('the app\'s caregiver calls', () => {
  it('invite, accept and end answer Results; the server\'s refusal comes as its code; the pull shows each step', async () => {
    const anna = await signUpPatient();
    const invited = await inviteHelper(['see', 'order'], null, P.client as never);
    if (!invited.ok) throw new Error(invited.error);
    expect(invited.value.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(await acceptInvitation('0000-0000-0000-0000', 'Anna', anna.client as never)).toEqual({ ok: false, error: 'invitation_not_found' });
    expect(await acceptInvitation(invited.value.code, 'Anna', anna.client as never)).toEqual({ ok: true, value: null });

    const patientDb = await mirrorOf(P.client, P.userId);
    const seen = await tableQuery(caregiverGrantsRead).read(dexieReads(patientDb));
    expect(seen.helpers.find((g) => g.id === invited.value.id)).toMatchObject({ helper_name: 'Anna', rights: ['order', 'see'] });
    const annaDb = await mirrorOf(anna.client as Patient['client'], anna.userId);
    expect((await tableQuery(caregiverGrantsRead).read(dexieReads(annaDb))).helping.map((g) => g.id)).toEqual([invited.value.id]);

    expect(await endGrant(invited.value.id, anna.client as never)).toEqual({ ok: true, value: null });
    expect(await endGrant(invited.value.id, (await signUpPatient()).client as never)).toEqual({ ok: false, error: 'grant_not_found' });
  });

  // issue 41 item 1: with an e-mail the app asks the function caregiverInvite, which mails the code
  it('an invitation by e-mail is mailed (mailed: true); the function\'s refusal comes as its code', async () => {
    const email = `anna-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await inviteHelper(['see'], email, P.client as never);
    if (!invited.ok) throw new Error(invited.error);
    expect(invited.value).toMatchObject({ code: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/), mailed: true });
    expect((await mailsTo(email)).map((m) => m.text.includes(invited.value.code))).toEqual([true]);
    expect(await inviteHelper(['see'], 'no address', P.client as never)).toEqual({ ok: false, error: 'invalid_email' });
    expect(await inviteHelper(['admin' as never], email, P.client as never)).toEqual({ ok: false, error: 'invalid_rights' });
  });
});
