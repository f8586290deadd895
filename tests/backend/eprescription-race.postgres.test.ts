// The same e-prescription sent from several devices at once (issue 27 item 3: "the same
// prescription Id is sent once per patient"), and many at once against the day's limit (issue 37
// item 7), on PostgreSQL 15 only: PGlite answers one request at a time, so only a real server runs
// the stores' and the mails' transactions side by side. A separate connection holds a SHARE lock
// on the table (every INSERT waits for it) until the stores wait in the database (pg-locks.ts).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailsTo, serviceClient } from '../setup/clients.ts';
import { functionError, hinLink, patientWithProfile, storeEPrescription, type Patient } from './fixtures.ts';
import { connectDb, untilWaiting } from './pg-locks.ts';

const CALLS = 8;
let P: Patient;
let db: pg.Client;

beforeAll(async () => {
  expect(inject('dbKind')).toBe('postgres');
  P = await patientWithProfile('Vera');
  db = await connectDb();
});

afterAll(async () => {
  await db?.end();
});

const deskMails = async () => (await mailsTo('rezepte@rezeptpost.ch')).filter((m) => m.text.includes(`Kunden-ID ${P.userId}`));
const stored = async (p: Patient) => (await serviceClient().from('webshop_customer_eprescription').select('rx_id').eq('customer_id', p.userId)).data ?? [];

/** Sends the codes at once, released together once every store waits on the table. */
async function allAtOnce(p: Patient, links: string[], waiting: number): Promise<number[]> {
  await db.query('begin');
  let calls: Promise<{ status: number }[]> | undefined;
  try {
    await db.query('lock table public.webshop_customer_eprescription in share mode');
    calls = Promise.all(links.map((link) => storeEPrescription(p.client, link)));
    await untilWaiting(db, waiting);
  } finally {
    await db.query('commit');
  }
  return (await calls!).map((c) => c.status);
}

describe('one e-prescription from many devices at once', () => {
  it(`${CALLS} sends of one code: one row, the others 409`, async () => {
    const link = await hinLink(P);
    const statuses = await allAtOnce(P, Array(CALLS).fill(link), 1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CALLS - 1);
    expect(await stored(P)).toHaveLength(1);
  });

  it(`${CALLS} desk mails of one prescription with their own keys: one mail, every call answers sent`, async () => {
    const { body } = await storeEPrescription(P.client, await hinLink(P));
    const before = (await deskMails()).length;
    const calls = await Promise.all(
      Array.from({ length: CALLS }, () => P.client.functions.invoke('prescriptionLocationMail', { body: { eprescription_id: body.rx_id }, headers: { 'Idempotency-Key': randomUUID() } })),
    );
    const answers = await Promise.all(calls.map(async ({ data, error }) => (error ? (await functionError(error)).status : (data as { sent?: boolean }).sent)));
    expect(answers).toEqual(Array(CALLS).fill(true));
    expect((await deskMails()).length).toBe(before + 1);
  });

  it('the day’s limit under concurrency: 16 stored, then 8 codes at once — 4 taken, 4 answered 429', async () => {
    const Q = await patientWithProfile('Quote');
    for (let i = 0; i < 16; i++) expect((await storeEPrescription(Q.client, await hinLink(Q))).status).toBe(200);
    const links = await Promise.all(Array.from({ length: CALLS }, () => hinLink(Q)));
    // one store holds the patient's lock and waits on the table; the others wait for that lock
    const statuses = await allAtOnce(Q, links, CALLS);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(await stored(Q)).toHaveLength(20);
  });
});
