import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { createPullEngine } from './pull-engine';

/** A PostgREST stand-in: every select answers after `delay` ms; counts the requests per table. */
function fakeClient(delay = 20, customer: Record<string, unknown> = { id: 'u1', first_name: 'Pia' }) {
  const requests: Record<string, number> = {};
  const from = (table: string) => {
    requests[table] = (requests[table] ?? 0) + 1;
    const data = table === 'webshop_customers' ? customer : table === 'pharmindex_insurance' ? [{ descr1: 'CSS' }] : [];
    const answer = () => new Promise((r) => setTimeout(() => r({ data, error: null, status: 200 }), delay));
    const q: Record<string, unknown> = {};
    for (const name of ['select', 'eq', 'or', 'is', 'order', 'in', 'gte', 'range']) q[name] = () => q;
    q.maybeSingle = answer;
    q.then = (resolve: (v: unknown) => void, reject: (e: unknown) => void) => answer().then(resolve, reject);
    return q;
  };
  return { requests, client: { from } as never };
}

async function setup(delay?: number) {
  const db = openLocalDb(`engine-${Math.random()}`);
  await claimMirror(db, 'u1');
  const f = fakeClient(delay);
  const engine = createPullEngine({ client: f.client, db, userId: 'u1', debounceMs: 30, overlay: null });
  return { db, engine, requests: f.requests };
}

describe('pull engine', () => {
  it('a full pull writes every area and records lastPullAt', async () => {
    const { db, engine } = await setup();
    const report = await engine.pull();
    expect(report.ok).toBe(true);
    expect(await db.customers.get('u1')).toMatchObject({ first_name: 'Pia' });
    expect(await db.insurers.toArray()).toEqual([{ name: 'CSS' }]);
    expect(engine.status.get()).toMatchObject({ running: 0, lastPullAt: expect.any(Number), errors: {} });
  });

  it('a burst of realtime requests within the debounce is one pull', async () => {
    const { engine, requests } = await setup();
    for (let i = 0; i < 5; i++) engine.request('customer');
    engine.request('orders');
    await new Promise((r) => setTimeout(r, 10));
    engine.request('orders');
    await engine.idle();
    expect(requests).toMatchObject({ webshop_customers: 1, webshop_order: 1 });
  });

  // a write acknowledged while a pull of its area ran: that pull may predate the write; one more follows
  it('afterWrite pulls the area once more only while a pull of it runs', async () => {
    const { engine, requests } = await setup(40);
    expect(engine.afterWrite('customer')).toBeNull();
    const running = engine.pull(['customer']);
    await new Promise((r) => setTimeout(r, 5));
    const again = engine.afterWrite('customer');
    expect(again).not.toBeNull();
    await Promise.all([running, again]);
    expect(requests.webshop_customers).toBe(2);
    expect(engine.afterWrite('customer')).toBeNull();
  });

  it('pulls of one area never overlap: requests while one runs share one more pull after it', async () => {
    const { engine, requests } = await setup(40);
    const first = engine.pull(['customer']);
    await new Promise((r) => setTimeout(r, 5));
    const second = engine.pull(['customer']);
    const third = engine.pull(['customer']);
    await Promise.all([first, second, third]);
    expect(requests.webshop_customers).toBe(2);
    expect(engine.status.get().started.customer).toBe(2);
  });

  it('after stop, realtime requests are ignored', async () => {
    const { engine, requests } = await setup();
    engine.stop();
    engine.request('customer');
    await new Promise((r) => setTimeout(r, 60));
    expect(requests.webshop_customers).toBeUndefined();
  });
});
