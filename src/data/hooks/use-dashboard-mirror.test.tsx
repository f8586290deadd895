// @vitest-environment happy-dom
// issue 13 (dashboard offline first): a returning patient's first paint shows the plan. The
// dashboard read ahead at the start (local/read-ahead.ts) is the hook's first answer, taken
// once; the live query answers right after and owns the screen from then on.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerRecord, Medication, Order } from '../../domain/entities';
import { META, openLocalDb, type LocalDb } from '../local/local-db';
import { dexieReads } from '../local/mirror-reads';
import { dashboardAhead, forgetReadAhead, readDashboardAhead } from '../local/read-ahead';
import { useDashboardMirror, type DashboardMirror } from './use-dashboard-mirror';

const customer = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_medication: [{ id: 3, medication_id: 11, expires_at: '2027-01-01', single_use: false, used: false }],
} as unknown as CustomerRecord;
const order = { id: 240001, created_at: '2026-11-01T10:00:00Z', customer_id: 'u1', parent: null, status: 0, delivery_nr: null, delivery_method: null } as Order;

const dbs: LocalDb[] = [];

afterEach(async () => {
  forgetReadAhead();
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function mirror(): Promise<LocalDb> {
  const db = openLocalDb(`dashboard-ahead-${crypto.randomUUID()}`);
  dbs.push(db);
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
    const answer = useDashboardMirror(db);
    answers.push(answer);
    return answer;
  });
  return { answers, hook };
}

describe('useDashboardMirror with the start\'s read ahead', () => {
  it('the first render already has the data; the live query then takes over', async () => {
    const db = await mirror();
    await readDashboardAhead(dexieReads(db));
    // written after the read ahead: only the live query can know it
    await db.customers.update('u1', { first_name: 'Sandrine' });

    const { answers, hook } = mount(db);
    expect(answers[0]?.customer?.first_name).toBe('Sandra');
    expect(answers[0]?.orders.map((o) => o.id)).toEqual([240001]);
    expect([...(answers[0]?.medications.keys() ?? [])]).toEqual([11]);
    expect(answers[0]?.syncedAt).toBe(1000);
    await waitFor(() => expect(hook.result.current?.customer?.first_name).toBe('Sandrine'));
    // never a spinner between the two
    expect(answers.every((a) => a !== undefined)).toBe(true);
  });

  it('is taken once: a later mount starts from its own read', async () => {
    const db = await mirror();
    await readDashboardAhead(dexieReads(db));
    const first = mount(db);
    expect(first.answers[0]).toBeDefined();
    first.hook.unmount();
    expect(dashboardAhead()).toBeUndefined();

    await act(() => db.customers.update('u1', { first_name: 'Sandrine' }));
    const second = mount(db);
    expect(second.answers[0]).toBeUndefined();
    await waitFor(() => expect(second.hook.result.current?.customer?.first_name).toBe('Sandrine'));
  });

  it('without a read ahead: undefined until the live query answers', async () => {
    const db = await mirror();
    const { answers, hook } = mount(db);
    expect(answers[0]).toBeUndefined();
    await waitFor(() => expect(hook.result.current?.customer?.first_name).toBe('Sandra'));
  });
});
