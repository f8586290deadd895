// Two devices (or two tabs) edit the same record: each save carries only the fields its
// patient changed, laid over the latest state, so no edit is lost; the same field edited in
// both places: the last writer wins and both show the winner after their next pull.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db';
import { claimMirror } from '../../src/data/local/mirror-owner';
import { saveAddress, saveQuestionnaire, type OutboxContext } from '../../src/data/outbox/commands';
import { createReplayer } from '../../src/data/outbox/replay';
import { pullCustomer } from '../../src/data/pull/pull';
import { latestById } from '../../src/domain/latest-by-id';
import { serviceClient } from '../setup/clients.ts';
import { patientWithProfile, type Patient } from './fixtures.ts';

let P: Patient;

beforeAll(async () => {
  P = await patientWithProfile('Mira');
});

/** A device: its own mirror (a separate IndexedDB), pulled from the server. */
async function device(): Promise<{ db: LocalDb; ctx: OutboxContext; send: () => Promise<unknown>; pull: () => Promise<unknown> }> {
  const db = openLocalDb(`device-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await claimMirror(db, P.userId);
  const pull = () => pullCustomer(P.client, db, P.userId);
  await pull();
  const replayer = createReplayer({ db, client: P.client, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
  return { db, ctx: { db, newId: randomUUID, now: Date.now, appended: () => {} }, send: () => replayer.replay({ force: true }), pull };
}

const serverAddress = async () => {
  const { data } = await serviceClient().from('webshop_customer_address').select('*').eq('customer_id', P.userId).order('id', { ascending: false }).limit(1).single();
  return data!;
};
const mirroredAddress = async (db: LocalDb) => latestById((await db.customers.get(P.userId))?.webshop_customer_address);

describe('field-level merge across devices', () => {
  it('A changes the street, B (not reloaded) only the phone: the server and both mirrors hold both', async () => {
    const a = await device();
    const b = await device();
    expect((await saveAddress(a.ctx, P.userId, { street: 'Marktgasse' })).ok).toBe(true);
    await a.send();
    // B never saw the new street; it changes only the phone
    expect((await mirroredAddress(b.db))?.street).not.toBe('Marktgasse');
    expect((await saveAddress(b.ctx, P.userId, { phone: '0797654321' })).ok).toBe(true);
    const [entry] = await b.db.outbox.toArray();
    expect(Object.keys((entry!.payload as { fields: object }).fields)).toEqual(['phone']);
    await b.send();

    expect(await serverAddress()).toMatchObject({ street: 'Marktgasse', phone: '0797654321' });
    await Promise.all([a.pull(), b.pull()]);
    for (const d of [a, b]) expect(await mirroredAddress(d.db)).toMatchObject({ street: 'Marktgasse', phone: '0797654321' });
  });

  it('the same field in two places: the last writer wins, and the other shows the winner after its pull', async () => {
    const a = await device();
    const b = await device();
    await saveAddress(a.ctx, P.userId, { city: 'Bern' });
    await saveAddress(b.ctx, P.userId, { city: 'Thun' });
    await a.send();
    await b.send();
    expect((await serverAddress()).city).toBe('Thun');
    await a.pull();
    expect((await mirroredAddress(a.db))?.city).toBe('Thun');
  });

  it('a pull laid over a pending edit keeps the server\'s other fields (the overlay is field-level)', async () => {
    const a = await device();
    await saveQuestionnaire(a.ctx, P.userId, { weight: 71 });
    // meanwhile another device stored a new size
    const q = P.profile.questionnaire.id;
    expect((await serviceClient().from('webshop_customer_questionnaire').update({ size: 181 }).eq('id', q)).error).toBeNull();
    await a.pull();
    const mirrored = latestById((await a.db.customers.get(P.userId))?.webshop_customer_questionnaire);
    expect(mirrored).toMatchObject({ weight: 71, size: 181 });
    // derived locally from the merged row, as the server derives it
    expect(Number((mirrored as { bmi?: unknown } | null)?.bmi)).toBeCloseTo(21.7, 1);
    await a.send();
    const { data } = await serviceClient().from('webshop_customer_questionnaire').select('weight, size').eq('id', q).single();
    expect([Number(data!.weight), Number(data!.size)]).toEqual([71, 181]);
  });

  it('nothing changed: nothing is queued', async () => {
    const a = await device();
    expect(await saveAddress(a.ctx, P.userId, {})).toEqual({ ok: false, error: 'unchanged' });
    expect(await a.db.outbox.count()).toBe(0);
  });
});
