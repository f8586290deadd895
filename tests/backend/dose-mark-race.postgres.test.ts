// Dose marks of one dose from several devices at the same moment (issue 24: "the later mark wins,
// decided by the time it was made on the device, not by the order of arrival"), on PostgreSQL 15
// only: PGlite answers one request at a time, so only a real server runs the upserts' transactions
// side by side. A separate connection holds a SHARE lock on the table (which every INSERT waits
// for) until every upsert is waiting inside the database, then releases them together, in an
// order nobody controls: the row must hold the mark with the latest marked_at, every round — the
// first round on a dose without a row (the inserts race on the key), the next ones on a stored row.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, dateInTimeZone } from '../../src/domain/zoned-time.ts';
import { serviceClient } from '../setup/clients.ts';
import { must, patientWithProfile, pharmacodes, prescribe, sleep, type Patient } from './fixtures.ts';

const RACERS = 6;
const ROUNDS = 3;
const TABLE = 'webshop_customer_dose_mark';

let P: Patient;
let rx: { id: number; medication_id: number };
let db: pg.Client;

beforeAll(async () => {
  expect(inject('dbKind')).toBe('postgres');
  P = await patientWithProfile('Rita');
  const [code] = (await pharmacodes(1)) as [number];
  rx = (await prescribe(P.userId, code)) as unknown as typeof rx;
  db = new pg.Client({ connectionString: inject('databaseUrl')! });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

async function waitingOnLocks(): Promise<number> {
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
  return rows[0]!.n;
}

describe(`${RACERS} devices mark one dose at once (PostgreSQL 15)`, () => {
  it('the row holds the mark made last on its device, whatever the order the transactions ran in', async () => {
    const day = addDays(dateInTimeZone(new Date()), -1);
    const statuses = ['taken', 'skipped', 'unmarked'] as const;
    for (let round = 0; round < ROUNDS; round++) {
      const base = Date.now() - 60_000 + round * 10_000;
      // the latest mark is not the last one sent
      const marks = Array.from({ length: RACERS }, (_, i) => {
        const status = statuses[(i + round) % statuses.length]!;
        return {
          customer_id: P.userId,
          prescription_id: rx.id,
          pharmacode: Number(rx.medication_id),
          day,
          period: 'evening',
          status,
          reason: status === 'skipped' ? 'forgot' : null,
          marked_at: new Date(base + ((i * 7 + round * 3) % RACERS) * 1000).toISOString(),
          device_id: `device-${i}`,
        };
      });
      const latest = marks.reduce((a, b) => (Date.parse(b.marked_at) > Date.parse(a.marked_at) ? b : a));
      await db.query('begin');
      await db.query(`lock table public.${TABLE} in share mode`);
      const writes = Promise.all(marks.map((m) => P.client.from(TABLE).upsert(m, { onConflict: 'customer_id,prescription_id,day,period' })));
      try {
        const until = Date.now() + 10_000;
        while ((await waitingOnLocks()) < RACERS) {
          if (Date.now() > until) throw new Error(`only ${await waitingOnLocks()} of ${RACERS} upserts reached the database together`);
          await sleep(20);
        }
      } finally {
        await db.query('commit');
      }
      expect((await writes).map((w) => w.error)).toEqual(Array(RACERS).fill(null));
      const rows = must(await serviceClient().from(TABLE).select('*').eq('customer_id', P.userId).eq('day', day).eq('period', 'evening'), 'marks');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: latest.status, device_id: latest.device_id });
      expect(Date.parse(String(rows[0]!.marked_at))).toBe(Date.parse(latest.marked_at));
    }
  });
});
