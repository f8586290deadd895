// @vitest-environment happy-dom
// The dashboard offline first: a returning patient's first paint shows the plan. The
// dashboard read ahead at the start (local/read-ahead.ts) is the hook's first answer, taken
// once; the live query answers right after and owns the screen from then on.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerRecord, Medication, Order } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { META } from '../local/mirror-schema';
import { dexieReads, type DashboardMirror } from '../local/mirror-reads';
import { forgetReadAhead, readAhead, readAheadOf, type ReadAhead } from '../local/read-ahead';
import { dashboardMarksDays, syncedAtQuery } from '../local/mirror-query';
import { dashboardQueryAt } from './mark-queries';
import { testMirrors } from './read-ahead-test-mirrors';
import { useDashboardMirror } from './use-dashboard-mirror';
import { useSyncedAt } from './use-synced-at';
import { doseSlotAt } from '../../domain/doses/dose-slot';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { DOSE_MARK_TABLE, doseMarkRowKey, doseMarksOf } from '../tables/dose-marks';

/** The dashboard's read-ahead, as its route declares it (features/dashboard/dashboard-reads.ts). */
const readDashboardAhead: ReadAhead = async (reads) => void (await Promise.all([readAhead(dashboardQueryAt(new Date()), reads), readAhead(syncedAtQuery, reads)]));

const customer = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_medication: [{ id: 3, medication_id: 11, expires_at: '2027-01-01', single_use: false, used: false }],
} as unknown as CustomerRecord;
const order = { id: 240001, created_at: '2026-11-01T10:00:00Z', customer_id: 'u1', parent: null, status: 0, delivery_nr: null, delivery_method: null } as Order;

const mirrors = testMirrors('dashboard-ahead');

async function mirror(): Promise<LocalDb> {
  const db = mirrors.open();
  await db.meta.bulkPut([
    { key: META.owner, value: 'u1' },
    { key: META.pulledAt('customer'), value: 1000 },
    { key: META.pulledAt('orders'), value: 1000 },
  ]);
  await db.customers.put(customer);
  await db.orders.put(order);
  await db.medications.put({ pharmacode: 11, dscrd: 'Alpha' } as Medication);
  return db;
}

/** Every answer the hook gave, render by render. */
function mount(db: LocalDb) {
  const answers: Array<DashboardMirror | undefined> = [];
  const hook = renderHook(() => {
    const answer = useDashboardMirror(doseSlotAt(new Date()).day, db);
    answers.push(answer);
    return answer;
  });
  return { answers, hook };
}

describe('useDashboardMirror with the start\'s read ahead', () => {
  it('the first render already has the data; the live query then takes over', async () => {
    const db = await mirror();
    await readDashboardAhead(dexieReads(db));

    const { answers, hook } = mount(db);
    expect(answers[0]?.customer?.first_name).toBe('Sandra');
    // written after the first paint: only the live query can know it
    await act(() => db.customers.update('u1', { first_name: 'Sandrine' }));
    expect(answers[0]?.orders.map((o) => o.id)).toEqual([240001]);
    expect([...(answers[0]?.medications.keys() ?? [])]).toEqual([11]);
    // how fresh it is, read ahead beside it (the "as of" line follows it apart)
    const times: Array<number | null | undefined> = [];
    renderHook(() => times.push(useSyncedAt(db)));
    expect(times[0]).toBe(1000);
    await waitFor(() => expect(hook.result.current?.customer?.first_name).toBe('Sandrine'));
    // never a spinner between the two
    expect(answers.every((a) => a !== undefined)).toBe(true);
  });

  it('serves the screens of the start (a redirect too); once the data layer took over, a later mount starts from its own read', async () => {
    const db = await mirror();
    await readDashboardAhead(dexieReads(db));
    const first = mount(db);
    expect(first.answers[0]).toBeDefined();
    first.hook.unmount();
    expect(readAheadOf(dashboardQueryAt(new Date()), db)).toBeDefined();
    forgetReadAhead();

    await act(() => db.customers.update('u1', { first_name: 'Sandrine' }));
    const second = mount(db);
    expect(second.answers[0]).toBeUndefined();
    await waitFor(() => expect(second.hook.result.current?.customer?.first_name).toBe('Sandrine'));
  });

  // issue 38: a screen mounted after the mirror changed what was read ahead reads for itself
  it('written after the read ahead, before the mount: no answer of before, the live query\'s', async () => {
    const db = await mirror();
    await readDashboardAhead(dexieReads(db));
    await db.customers.update('u1', { first_name: 'Sandrine' });
    const { answers, hook } = mount(db);
    expect(answers[0]).toBeUndefined();
    await waitFor(() => expect(hook.result.current?.customer?.first_name).toBe('Sandrine'));
    expect(answers.some((a) => a?.customer?.first_name === 'Sandra')).toBe(false);
  });

  it('without a read ahead: undefined until the live query answers', async () => {
    const db = await mirror();
    const { answers, hook } = mount(db);
    expect(answers[0]).toBeUndefined();
    await waitFor(() => expect(hook.result.current?.customer?.first_name).toBe('Sandra'));
  });
});

// issue 24: the plan's check-offs are in the same first read (the rows store, by the day's keys)
describe('useDashboardMirror and the dose marks of the plan\'s day', () => {
  const mark = (day: string, period: DoseMark['period'], status: DoseMark['status'] = 'taken'): DoseMark => ({
    customer_id: 'u1',
    prescription_id: 3,
    pharmacode: 11,
    day,
    period,
    status,
    reason: null,
    marked_at: new Date().toISOString(),
    device_id: 'phone',
  });
  const put = (db: LocalDb, m: DoseMark) => db.rows.put({ table: DOSE_MARK_TABLE, key: doseMarkRowKey('u1', m), customer_id: 'u1', row: { ...m } });

  it('the read ahead holds the marks of the plan\'s day (of today and yesterday), the live query the same days (one query, read ahead and live)', async () => {
    const db = await mirror();
    const day = doseSlotAt(new Date()).day;
    await put(db, mark(day, 'morning'));
    await put(db, mark('2020-01-01', 'evening'));
    await readDashboardAhead(dexieReads(db));
    const { answers, hook } = mount(db);
    expect(answers[0]?.marksDays).toContain(day);
    expect(doseMarksOf(answers[0]?.markRows ?? []).map((m) => [m.day, m.period, m.status])).toEqual([[day, 'morning', 'taken']]);

    // a mark written afterwards (a tap, realtime) reaches the screen through the live query
    await act(() => put(db, mark(day, 'evening', 'unmarked')));
    await waitFor(() => expect(hook.result.current?.marksDays).toEqual(dashboardMarksDays(new Date())));
    await waitFor(() => expect(doseMarksOf(hook.result.current?.markRows ?? []).map((m) => m.period).sort()).toEqual(['evening', 'morning']));
  });
});
