// The local half of a dose mark (issue 24): the command's own rules (refused as the server would
// refuse: a day outside today and the 7 days before, a prescription the patient does not have),
// one transaction for a tap or an "all taken", and a mirror that converges to the later mark — a
// pending mark laid over the mirror again (after a pull or a realtime event) never hides a newer
// mark the server sent.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoseMark } from '../../domain/doses/dose-mark';
import type { CustomerRecord } from '../../domain/entities';
import { addDays, dateInTimeZone } from '../../domain/zoned-time';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { applyRowChange, writeRows } from '../pull/mirror-writes';
import { DOSE_MARK_TABLE, doseMarkRowKey } from '../tables/dose-marks';
import { applyPendingToMirror } from './apply';
import { markDoses, type OutboxContext } from './commands';
import type { TypedOutboxEntry } from './kinds';
import { claimMirror } from '../local/mirror-owner';

const CID = '6d9a4a7e-1111-4c3b-9d7e-000000000002';
const NOW = new Date('2026-11-25T07:30:00.000Z'); // 08:30 in Zurich
const TODAY = dateInTimeZone(NOW);
const CUSTOMER = {
  id: CID,
  first_name: 'Anna',
  webshop_customer_medication: [
    { id: 41, customer_id: CID, medication_id: 1001, dosage: [1, 0, 1, 0], expires_at: '2027-01-01', single_use: false, used: false },
    { id: 42, customer_id: CID, medication_id: 1002, dosage: [1, 0, 0, 0], expires_at: '2027-01-01', single_use: false, used: false },
  ],
} as unknown as CustomerRecord;

const mark = (over: Partial<DoseMark> = {}): DoseMark => ({
  customer_id: CID,
  prescription_id: 41,
  pharmacode: 1001,
  day: TODAY,
  period: 'morning',
  status: 'taken',
  reason: null,
  marked_at: NOW.toISOString(),
  device_id: 'phone',
  ...over,
});

let db: LocalDb;
let ctx: OutboxContext;
let appended: ReturnType<typeof vi.fn<() => void>>;
let n = 0;

beforeEach(async () => {
  db = openLocalDb(`mark-doses-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  appended = vi.fn<() => void>();
  ctx = { db, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, now: () => NOW.getTime(), appended };
  await claimMirror(db, CID);
  await db.customers.put(CUSTOMER);
});
afterEach(() => db.delete());

const entries = () => db.outbox.orderBy('seq').toArray() as Promise<TypedOutboxEntry[]>;
const shown = async (m: Pick<DoseMark, 'prescription_id' | 'day' | 'period'>) => (await db.rows.get([DOSE_MARK_TABLE, doseMarkRowKey(CID, m)]))?.row;

describe('markDoses', () => {
  it('puts the mark into the mirror and one upsert of its row into the outbox, in one go', async () => {
    const result = await markDoses(ctx, CID, [mark()]);
    expect(result.ok).toBe(true);
    expect(await shown(mark())).toEqual({ ...mark(), acted_by: null }); // stamped by the server (issue 41)
    const [entry] = await entries();
    expect(entry).toMatchObject({ kind: 'row.upsert', status: 'pending', payload: { table: DOSE_MARK_TABLE, id: `${CID}|41|${TODAY}|morning`, fields: mark() } });
    expect(appended).toHaveBeenCalledOnce();
  });

  // issue 41: the mirror's row of a dose a helper marked names them; the patient's own mark over
  // it must not keep the helper's name until the server's stamp comes back
  it('a mark over a helper\'s leaves no helper named on the row', async () => {
    const earlier = mark({ marked_at: new Date(NOW.getTime() - 60_000).toISOString(), device_id: 'anna-phone' });
    await db.rows.put({ table: DOSE_MARK_TABLE, key: doseMarkRowKey(CID, earlier), customer_id: CID, row: { ...earlier, acted_by: 'anna' } });
    await markDoses(ctx, CID, [mark({ status: 'unmarked' })]);
    expect(await shown(mark())).toMatchObject({ status: 'unmarked', device_id: 'phone', acted_by: null });
  });

  it('"all taken": several marks, all or none', async () => {
    const both = [mark(), mark({ prescription_id: 42, pharmacode: 1002 })];
    expect((await markDoses(ctx, CID, both)).ok).toBe(true);
    expect(await entries()).toHaveLength(2);
    // one of them refused: nothing of the tap is kept
    const refused = await markDoses(ctx, CID, [mark({ period: 'evening' }), mark({ prescription_id: 99, pharmacode: 1099, period: 'evening' })]);
    expect(refused).toEqual({ ok: false, error: 'not_prescribed' });
    expect(await entries()).toHaveLength(2);
    expect(await shown(mark({ period: 'evening' }))).toBeUndefined();
  });

  // the RLS of the dose marks' migration, refused on the device already
  it.each([
    ['a day in the future', { day: addDays(TODAY, 1) }, 'day_not_markable'],
    ['8 days back', { day: addDays(TODAY, -8) }, 'day_not_markable'],
    ['another patient\'s prescription', { prescription_id: 77 }, 'not_prescribed'],
    ['a pharmacode that is not the prescription\'s', { pharmacode: 1002 }, 'not_prescribed'],
    ['another patient\'s mark', { customer_id: 'someone-else' }, 'invalid'],
    ['a skip without its reason', { status: 'skipped' as const }, 'invalid'],
  ])('refuses %s', async (_name, over, error) => {
    expect(await markDoses(ctx, CID, [mark(over)])).toEqual({ ok: false, error });
    expect(await entries()).toEqual([]);
    expect(appended).not.toHaveBeenCalled();
  });

  it('7 days back is open (a late entry)', async () => {
    expect((await markDoses(ctx, CID, [mark({ day: addDays(TODAY, -7), period: 'evening' })])).ok).toBe(true);
  });

  it('a mark the mirror shows at the same time or later (another device\'s clock ahead): the new one is made just after it', async () => {
    const ahead = new Date(NOW.getTime() + 90_000).toISOString();
    await db.rows.put({ table: DOSE_MARK_TABLE, key: doseMarkRowKey(CID, mark()), customer_id: CID, row: { ...mark({ marked_at: ahead, device_id: 'tablet' }) } });
    await markDoses(ctx, CID, [mark({ status: 'unmarked' })]);
    expect(await shown(mark())).toMatchObject({ status: 'unmarked', device_id: 'phone', marked_at: new Date(Date.parse(ahead) + 1).toISOString() });
  });
});

describe('the mirror converges to the later mark', () => {
  const newer = mark({ status: 'skipped', reason: 'side_effects', marked_at: new Date(NOW.getTime() + 60_000).toISOString(), device_id: 'tablet' });

  it('a pending older mark laid over again after realtime brought a newer one does not hide it', async () => {
    await markDoses(ctx, CID, [mark()]);
    // the tablet's later mark arrives by realtime while ours waits to be sent
    await applyRowChange(db, CID, { table: DOSE_MARK_TABLE, type: 'UPDATE', row: { ...newer } });
    expect(await shown(mark())).toMatchObject({ status: 'skipped', device_id: 'tablet' });
    await applyPendingToMirror(db, CID);
    expect(await shown(mark())).toMatchObject({ status: 'skipped', device_id: 'tablet' });
  });

  it('the same after a pull; and a pending newer mark still goes on top of an older server row', async () => {
    await markDoses(ctx, CID, [mark()]);
    await writeRows(db, CID, DOSE_MARK_TABLE, [{ ...newer }]);
    expect(await shown(mark())).toMatchObject({ device_id: 'tablet' });

    const evening = mark({ period: 'evening', marked_at: new Date(NOW.getTime() + 120_000).toISOString() });
    await markDoses(ctx, CID, [evening]);
    await writeRows(db, CID, DOSE_MARK_TABLE, [{ ...newer }, { ...evening, status: 'skipped', reason: 'forgot', marked_at: NOW.toISOString(), device_id: 'tablet' }]);
    expect(await shown(evening)).toMatchObject({ status: 'taken', device_id: 'phone' });
  });

  it('rows the server no longer sends (older than the pull keeps) leave the mirror; what waits stays', async () => {
    const old = mark({ day: addDays(TODAY, -100) });
    await db.rows.put({ table: DOSE_MARK_TABLE, key: doseMarkRowKey(CID, old), customer_id: CID, row: { ...old } });
    await markDoses(ctx, CID, [mark()]);
    await writeRows(db, CID, DOSE_MARK_TABLE, []);
    expect(await shown(old)).toBeUndefined();
    expect(await shown(mark())).toEqual({ ...mark(), acted_by: null });
  });
});
