// issue 37 items 2 and 3 where only PostgreSQL 15 shows them: a patient with 4 devices stores 8
// more at once, in transactions that really run side by side (a SHARE lock on the table holds
// every insert until all wait, pg-locks.ts; 8 of the stack's 10 connections): 6 are taken; and without the local stack's test
// mode — as on a hosted project — an endpoint on 127.0.0.1 is refused like any other host.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { count, patientWithProfile, type Patient } from './fixtures.ts';
import { connectDb, untilWaiting } from './pg-locks.ts';

const SUBSCRIPTIONS = 'webshop_customer_push_subscription';
const RACERS = 8;
const STORED = 4;
// a P-256 point and an auth secret of the right sizes (the endpoint is what these tests are about)
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
let db: pg.Client;
let P: Patient;

beforeAll(async () => {
  expect(inject('dbKind')).toBe('postgres');
  db = await connectDb();
  P = await patientWithProfile('Racer');
});

afterAll(async () => {
  await serviceClient().from(SUBSCRIPTIONS).delete().eq('customer_id', P.userId);
  await db?.end();
});

describe('issue 37 item 3 on PostgreSQL 15', () => {
  it(`${RACERS} devices stored at the same moment beside ${STORED}: up to 10 are taken, the others refused (400)`, async () => {
    for (let i = 0; i < STORED; i++) expect((await P.client.from(SUBSCRIPTIONS).insert({ customer_id: P.userId, endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, ...KEYS })).error).toBeNull();
    await db.query('begin');
    let writes: Promise<{ status: number; error: { code?: string } | null }[]> | undefined;
    try {
      await db.query(`lock table public.${SUBSCRIPTIONS} in share mode`);
      writes = Promise.all(
        Array.from({ length: RACERS }, () =>
          P.client
            .from(SUBSCRIPTIONS)
            .insert({ customer_id: P.userId, endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, ...KEYS })
            .then((r) => r),
        ),
      );
      await untilWaiting(db, RACERS);
    } finally {
      await db.query('commit');
    }
    const answers = await writes!;
    expect(answers.filter((a) => a.error === null)).toHaveLength(10 - STORED);
    expect(answers.filter((a) => a.error !== null).map((a) => [a.status, a.error?.code])).toEqual(Array(RACERS - (10 - STORED)).fill([400, '23514']));
    expect(await count(SUBSCRIPTIONS, ['customer_id', P.userId])).toBe(10);
  });
});

describe('issue 37 item 2 on PostgreSQL 15: loopback only in the local stack’s test mode', () => {
  it('without the test mode (a hosted project) an endpoint on 127.0.0.1 is refused (400); with it, taken', async () => {
    await serviceClient().from(SUBSCRIPTIONS).delete().eq('customer_id', P.userId);
    const loopback = () => P.client.from(SUBSCRIPTIONS).insert({ customer_id: P.userId, endpoint: `http://127.0.0.1:54321/health?${randomUUID()}`, ...KEYS });
    await db.query('delete from private.push_test_endpoints');
    try {
      const refused = await loopback();
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toContain('webshop_customer_push_subscription_endpoint_service');
    } finally {
      await db.query('insert into private.push_test_endpoints (allowed) values (true) on conflict do nothing');
    }
    expect((await loopback()).error).toBeNull();
  });
});
