// issue 41: a helper acts for a person on their own device. What the grants do on that device,
// through real mirrors on fake-indexeddb: the account's own mirror keeps the switcher's people and
// drops the mirror of a person who ended the help; a person's mirror, once the help ends, stops the
// session, deletes itself, returns the helper to their own data and leaves a notice.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actingFor, droppedPerson, helpedPeople, mirrorNameFor, setActingFor, setHelpedPeople, type HelpedPerson } from '../local/acting-for';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { CAREGIVER_GRANTS_TABLE } from '../tables/caregiver-grants';
import { deleteMirrorNamed } from './helped-people';
import { followGrantsOnDevice } from './helper-device';

const NOW = new Date('2026-11-28T12:00:00Z');

/** localStorage's three calls over a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

// every database a test opened goes afterwards, and every watch stops
const opened: LocalDb[] = [];
const stops: Array<() => void> = [];
afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const open = (name: string): LocalDb => {
  const db = openLocalDb(name);
  opened.push(db);
  return db;
};

/** A grant row as the pull mirrors it: in the `rows` store under the mirror's owner. */
const grantRow = (owner: string, id: string, grant: { patient_id: string; helper_id: string; patient_name?: string | null; rights?: string[]; revoked_at?: string | null }) => ({
  table: CAREGIVER_GRANTS_TABLE,
  key: id,
  customer_id: owner,
  row: {
    id,
    patient_name: null,
    rights: ['see'],
    helper_name: 'Anna',
    invited_email: null,
    code_expires_at: '2026-11-21T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    accepted_at: '2026-11-20T11:00:00Z',
    revoked_at: null,
    revoked_by: null,
    missed_dose_alert: false,
    alert_shows_names: false,
    ...grant,
  },
});

/** A person's mirror this device holds (something written in it), closed again as the page would be left. */
async function personMirrorOnDevice(personId: string, userId: string): Promise<string> {
  const name = mirrorNameFor(personId, userId);
  const db = open(name);
  await claimMirror(db, personId);
  await db.outbox.add({ id: crypto.randomUUID(), customer_id: personId, kind: 'tick', payload: {}, status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: 0 });
  db.close();
  expect(await Dexie.exists(name)).toBe(true);
  return name;
}

/** The helper's own mirror, claimed for them. */
async function ownMirror(userId: string): Promise<LocalDb> {
  const db = open(`own-${crypto.randomUUID()}`);
  await claimMirror(db, userId);
  return db;
}

function follow(db: LocalDb, userId: string, owner: string, storage: ReturnType<typeof memoryStorage>, deleteMirror?: (name: string) => Promise<boolean>) {
  const stopRuntime = vi.fn(async () => {});
  const reload = vi.fn();
  stops.push(followGrantsOnDevice({ db, userId, owner, storage, now: () => NOW, stopRuntime, reload, ...(deleteMirror && { deleteMirror }) }));
  return { stopRuntime, reload };
}

describe('followGrantsOnDevice: the account\'s own mirror', () => {
  it('keeps the people the account helps for the switcher, and follows their changes', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const db = await ownMirror(userId);
    await db.rows.put(grantRow(userId, 'g-rosa', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa Muster', rights: ['see', 'order'] }));
    // the account's own helpers (grants where it is the patient) are no people it helps
    await db.rows.put(grantRow(userId, 'g-own-helper', { patient_id: userId, helper_id: 'beat' }));
    const storage = memoryStorage();
    follow(db, userId, userId, storage);
    await vi.waitFor(() => expect(helpedPeople(storage, userId)).toEqual([{ id: rosa, name: 'Rosa Muster', rights: ['see', 'order'] }]));
    // the person changed the rights: the switcher offers the new ones
    await db.rows.put(grantRow(userId, 'g-rosa', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa Muster', rights: ['see'] }));
    await vi.waitFor(() => expect(helpedPeople(storage, userId)).toEqual([{ id: rosa, name: 'Rosa Muster', rights: ['see'] }]));
  });

  it('a person who ended the help: their mirror on this device is deleted and the helper told', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const personDb = await personMirrorOnDevice(rosa, userId);
    const db = await ownMirror(userId);
    await db.rows.put(grantRow(userId, 'g-rosa', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa Muster', revoked_at: '2026-11-27T10:00:00Z' }));
    const storage = memoryStorage();
    const hans: HelpedPerson = { id: 'hans', name: 'Hans', rights: ['see'] };
    setHelpedPeople(storage, userId, [{ id: rosa, name: 'Rosa Muster', rights: ['see'] }, hans]);
    follow(db, userId, userId, storage);
    await vi.waitFor(async () => expect(await Dexie.exists(personDb)).toBe(false));
    await vi.waitFor(() => expect(droppedPerson(storage, userId)).toEqual({ name: 'Rosa Muster', reason: 'revoked' }));
    // no longer offered in the switcher
    expect(helpedPeople(storage, userId).map((p) => p.id)).not.toContain(rosa);
    // the own mirror stays
    expect(await Dexie.exists(db.name)).toBe(true);
  });

  // nothing was dropped here: a notice would tell the helper of data this device never held
  it('no notice when this device holds no mirror of that person', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const db = await ownMirror(userId);
    await db.rows.put(grantRow(userId, 'g-rosa', { patient_id: rosa, helper_id: userId, revoked_at: '2026-11-27T10:00:00Z' }));
    const storage = memoryStorage();
    // the real deletion, watched to know when it answered
    const deleteMirror = vi.fn(deleteMirrorNamed);
    follow(db, userId, userId, storage, deleteMirror);
    await vi.waitFor(() => expect(deleteMirror).toHaveBeenCalledWith(mirrorNameFor(rosa, userId)));
    expect(await deleteMirror.mock.results[0]!.value).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(droppedPerson(storage, userId)).toBeNull();
  });

  // an old ended grant of a person who gave the help again must not delete their mirror
  it('a person helped again keeps their mirror', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const personDb = await personMirrorOnDevice(rosa, userId);
    const db = await ownMirror(userId);
    await db.rows.bulkPut([
      grantRow(userId, 'g-old', { patient_id: rosa, helper_id: userId, revoked_at: '2026-11-27T10:00:00Z' }),
      grantRow(userId, 'g-new', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa' }),
    ]);
    const storage = memoryStorage();
    const deleteMirror = vi.fn(deleteMirrorNamed);
    follow(db, userId, userId, storage, deleteMirror);
    await vi.waitFor(() => expect(helpedPeople(storage, userId).map((p) => p.id)).toEqual([rosa]));
    await new Promise((r) => setTimeout(r, 20));
    expect(deleteMirror).not.toHaveBeenCalled();
    expect(await Dexie.exists(personDb)).toBe(true);
    expect(droppedPerson(storage, userId)).toBeNull();
  });

  // every later change of the mirror runs the query again: the same ended grant is handled once
  it('deletes for an ended grant once, however often the grants are read again', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const db = await ownMirror(userId);
    await db.rows.put(grantRow(userId, 'g-rosa', { patient_id: rosa, helper_id: userId, revoked_at: '2026-11-27T10:00:00Z' }));
    const storage = memoryStorage();
    const deleteMirror = vi.fn(deleteMirrorNamed);
    follow(db, userId, userId, storage, deleteMirror);
    await vi.waitFor(() => expect(deleteMirror).toHaveBeenCalledOnce());
    await db.rows.put(grantRow(userId, 'g-hans', { patient_id: 'hans', helper_id: userId }));
    await vi.waitFor(() => expect(helpedPeople(storage, userId).map((p) => p.id)).toEqual(['hans']));
    expect(deleteMirror).toHaveBeenCalledOnce();
  });
});

describe('followGrantsOnDevice: a person\'s mirror', () => {
  it('while the help stands nothing stops; once it ends, the session stops, the mirror goes, the helper is back to their own data and told why', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const db = open(mirrorNameFor(rosa, userId));
    await claimMirror(db, rosa);
    await db.rows.put(grantRow(rosa, 'g-rosa', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa Muster', rights: ['see', 'tick'] }));
    const storage = memoryStorage();
    // chosen when the grant gave only 'see'
    setActingFor(storage, userId, { id: rosa, name: 'Rosa Muster', rights: ['see'] });
    setHelpedPeople(storage, userId, [{ id: rosa, name: 'Rosa Muster', rights: ['see'] }]);
    const order: string[] = [];
    const { stopRuntime, reload } = follow(db, userId, rosa, storage);
    stopRuntime.mockImplementation(async () => {
      // the runtime stops before its mirror goes (no pull or send writes into it meanwhile)
      order.push(`stop (mirror there: ${await Dexie.exists(db.name)})`);
    });
    reload.mockImplementation(() => order.push('reload'));

    // the choice follows the rights the grant has now
    await vi.waitFor(() => expect(actingFor(storage, userId)).toEqual({ id: rosa, name: 'Rosa Muster', rights: ['see', 'tick'] }));
    expect(stopRuntime).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(await Dexie.exists(db.name)).toBe(true);

    // the person removes the helper (realtime or the next pull brings it)
    await db.rows.put(grantRow(rosa, 'g-rosa', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa Muster', rights: ['see', 'tick'], revoked_at: '2026-11-28T11:00:00Z' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(stopRuntime).toHaveBeenCalledOnce();
    expect(order).toEqual(['stop (mirror there: true)', 'reload']);
    expect(await Dexie.exists(db.name)).toBe(false);
    expect(actingFor(storage, userId)).toBeNull();
    expect(droppedPerson(storage, userId)).toEqual({ name: 'Rosa Muster', reason: 'revoked' });
    expect(helpedPeople(storage, userId)).toEqual([]);
    // later reads (none are expected: the page loads again) do not run it twice
    await new Promise((r) => setTimeout(r, 20));
    expect(reload).toHaveBeenCalledOnce();
  });

  // the first pull of a person's mirror is under way: no grant yet is no reason to drop anything
  it('no grant seen yet: nothing happens', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const db = open(mirrorNameFor(rosa, userId));
    await claimMirror(db, rosa);
    // another helper's ended grant of the same person is not this helper's
    await db.rows.put(grantRow(rosa, 'g-beat', { patient_id: rosa, helper_id: 'beat', revoked_at: '2026-11-27T10:00:00Z' }));
    const storage = memoryStorage();
    const chosen: HelpedPerson = { id: rosa, name: 'Rosa', rights: ['see'] };
    setActingFor(storage, userId, chosen);
    const { stopRuntime, reload } = follow(db, userId, rosa, storage);
    await new Promise((r) => setTimeout(r, 50));
    expect(stopRuntime).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(actingFor(storage, userId)).toEqual(chosen);
    expect(await Dexie.exists(db.name)).toBe(true);
  });

  // the person deleted their account: the grant goes with it (on delete cascade), nothing says "revoked"
  it('a grant seen standing that is gone afterwards ends the help too', async () => {
    const userId = `anna-${crypto.randomUUID()}`;
    const rosa = `rosa-${crypto.randomUUID()}`;
    const db = open(mirrorNameFor(rosa, userId));
    await claimMirror(db, rosa);
    await db.rows.put(grantRow(rosa, 'g-rosa', { patient_id: rosa, helper_id: userId, patient_name: 'Rosa Muster' }));
    const storage = memoryStorage();
    setActingFor(storage, userId, { id: rosa, name: 'Rosa Muster', rights: ['see'] });
    const { stopRuntime, reload } = follow(db, userId, rosa, storage);
    await new Promise((r) => setTimeout(r, 50));
    expect(reload).not.toHaveBeenCalled();
    await db.rows.delete(['caregiver_grants', 'g-rosa']);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(stopRuntime).toHaveBeenCalledOnce();
    expect(await Dexie.exists(db.name)).toBe(false);
    expect(droppedPerson(storage, userId)).toEqual({ name: 'Rosa Muster', reason: 'revoked' });
  });
});
