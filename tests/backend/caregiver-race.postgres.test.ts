// Caregiver writes under concurrency (issue 41 item 5: "the helper's writes under concurrency with
// the patient's"), on PostgreSQL 15 only: PGlite answers one request at a time. A separate
// connection holds a lock until every racer waits inside the database, then lets them go together.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { serviceClient, type SignedUpPatient } from '../setup/clients.ts';
import { helperOf } from './caregiver-fixtures.ts';
import { must, newKey, orderBody, patientWithProfile, pharmacodes, prescribe, type Patient } from './fixtures.ts';
import { connectDb, untilWaiting } from './pg-locks.ts';

const MARKS = 'webshop_customer_dose_mark';

let P: Patient;
let rx: { id: number; medication_id: number };
let db: pg.Client;

beforeAll(async () => {
  expect(inject('dbKind')).toBe('postgres');
  P = await patientWithProfile('Walter');
  const [code] = (await pharmacodes(1)) as [number];
  rx = (await prescribe(P.userId, code)) as unknown as typeof rx;
  db = await connectDb();
});

afterAll(async () => {
  await db?.end();
});

describe('the helper and the patient tick off one dose at once (PostgreSQL 15)', () => {
  it('the mark made last on its device stands, with its own writer as the actor', async () => {
    const { helper } = await helperOf(P.client, ['tick'], 'Anna');
    const day = addDays(dateInTimeZone(new Date()), -1);
    const writers: { who: SignedUpPatient; id: string }[] = [
      { who: P, id: P.userId },
      { who: helper, id: helper.userId },
    ];
    for (let round = 0; round < 4; round++) {
      const base = Date.now() - 60_000 + round * 10_000;
      const marks = [0, 1, 2, 3].map((i) => ({
        writer: writers[i % 2]!,
        row: {
          customer_id: P.userId, prescription_id: rx.id, pharmacode: Number(rx.medication_id), day, period: 'evening',
          status: i % 2 ? 'taken' : 'skipped', reason: i % 2 ? null : 'forgot',
          // the latest is the patient's in even rounds, the helper's in odd ones
          marked_at: new Date(base + ((i + round) % 4) * 1000).toISOString(), device_id: `device-${i}`,
        },
      }));
      const latest = marks.reduce((a, b) => (Date.parse(b.row.marked_at) > Date.parse(a.row.marked_at) ? b : a));
      await db.query('begin');
      await db.query(`lock table public.${MARKS} in share mode`);
      const writes = Promise.all(marks.map((m) => m.writer.who.client.from(MARKS).upsert(m.row, { onConflict: 'customer_id,prescription_id,day,period' })));
      try {
        expect(await untilWaiting(db, marks.length)).toBe('waiting');
      } finally {
        await db.query('commit');
      }
      expect((await writes).map((w) => w.error)).toEqual([null, null, null, null]);
      const rows = must(await serviceClient().from(MARKS).select('*').eq('customer_id', P.userId).eq('day', day).eq('period', 'evening'), 'marks');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ device_id: latest.row.device_id, acted_by: latest.writer.id });
    }
  });
});

// issue 41 item 2: "revocation takes effect on the server at once"
describe('an order of the helper while the patient removes them (PostgreSQL 15)', () => {
  it('waits for the removal in flight and is refused once it commits: never placed under a grant already ended', async () => {
    const { helper, grantId } = await helperOf(P.client, ['order'], 'Anna');
    const key = newKey();
    await db.query('begin');
    await db.query(`update public.caregiver_grants set revoked_at = now(), revoked_by = $1 where id = $2`, [P.userId, grantId]);
    // a query builder sends when it is awaited: Promise.resolve sends it now
    const order = Promise.resolve(helper.client.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 1 }), p_idempotency_key: key }));
    try {
      // without the grant's lock the order would not wait: it would be placed under the old grant
      expect(await untilWaiting(db, 1, order)).toBe('waiting');
    } finally {
      await db.query('commit');
    }
    const res = await order;
    expect([res.status, res.error?.message]).toEqual([403, 'not_caller']);
    expect(must(await serviceClient().from('webshop_order').select('id').eq('idempotency_key', key), 'orders')).toHaveLength(0);
  });

  it('a removal withdrawn in flight lets the waiting order through', async () => {
    const { helper, grantId } = await helperOf(P.client, ['order'], 'Beat');
    await db.query('begin');
    await db.query(`update public.caregiver_grants set revoked_at = now() where id = $1`, [grantId]);
    const order = Promise.resolve(helper.client.rpc('webshop_order', { ...orderBody(P.userId, { [rx.medication_id]: 1 }), p_idempotency_key: newKey() }));
    try {
      // without the grant's lock the order would not wait: it would be placed under the old grant
      expect(await untilWaiting(db, 1, order)).toBe('waiting');
    } finally {
      await db.query('rollback');
    }
    const res = await order;
    expect(res.error).toBeNull();
    expect(must(await serviceClient().from('webshop_order').select('acted_by').eq('id', res.data as number).single(), 'order').acted_by).toBe(helper.userId);
  });
});
