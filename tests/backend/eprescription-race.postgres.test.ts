// The same e-prescription sent from several devices at once (issue 27 item 3: "the same
// prescription Id is sent once per patient"), on PostgreSQL 15 only: PGlite answers one request
// at a time, so only a real server runs the inserts' and the mails' transactions side by side.
// A separate connection holds a SHARE lock on the table (every INSERT waits for it) while the
// inserts arrive, so they all get as far as the key before any commits; then they are released.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailsTo, serviceClient } from '../setup/clients.ts';
import { functionError, patientWithProfile, sleep, type Patient } from './fixtures.ts';

const CALLS = 8;
let P: Patient;
let db: pg.Client;

beforeAll(async () => {
  expect(inject('dbKind')).toBe('postgres');
  P = await patientWithProfile('Vera');
  db = new pg.Client({ connectionString: inject('databaseUrl')! });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

const deskMails = async () => (await mailsTo('rezepte@rezeptpost.ch')).filter((m) => m.text.includes(`Kunden-ID ${P.userId}`));

describe('one e-prescription from many devices at once', () => {
  it(`${CALLS} inserts of one Id: one row, the others 409`, async () => {
    const rxId = randomUUID();
    await db.query('begin');
    await db.query('lock table public.webshop_customer_eprescription in share mode');
    const calls = Array.from({ length: CALLS }, (_, i) => P.client.from('webshop_customer_eprescription').insert({ rx_id: rxId, raw: `CHMED16A1device${i}`, summary: {} }));
    await sleep(300);
    await db.query('commit');
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CALLS - 1);
    expect((await serviceClient().from('webshop_customer_eprescription').select('rx_id').eq('customer_id', P.userId).eq('rx_id', rxId)).data).toHaveLength(1);
  });

  it(`${CALLS} desk mails of one prescription with their own keys: one mail, every call answers sent`, async () => {
    const rxId = randomUUID();
    expect((await P.client.from('webshop_customer_eprescription').insert({ rx_id: rxId, raw: 'CHMED16A1x', summary: {} })).error).toBeNull();
    const before = (await deskMails()).length;
    const calls = await Promise.all(
      Array.from({ length: CALLS }, () => P.client.functions.invoke('prescriptionLocationMail', { body: { eprescription_id: rxId }, headers: { 'Idempotency-Key': randomUUID() } })),
    );
    const answers = await Promise.all(calls.map(async ({ data, error }) => (error ? (await functionError(error)).status : (data as { sent?: boolean }).sent)));
    expect(answers).toEqual(Array(CALLS).fill(true));
    expect((await deskMails()).length).toBe(before + 1);
  });
});
