// A returning patient's start (stored-patient.ts): the signed-in state of the session this
// device keeps and the flags the mirror holds of that patient, read before the data layer has
// loaded — and nothing at all when the mirror holds someone else's data or none yet. The
// mirror is a real Dexie database on fake-indexeddb, read back through IndexedDB itself.
import 'fake-indexeddb/auto';
import type { Session } from '@supabase/supabase-js';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedSessionKey } from '../data/stored-session';
import { readDashboardMirror } from '../data/hooks/mirror-queries';
import { openIdbMirror, type IdbMirror } from '../data/local/idb-reads';
import { openLocalDb, type LocalDb } from '../data/local/local-db';
import { META } from '../data/local/mirror-schema';
import { ownerIn, type MirrorReads } from '../data/local/mirror-reads';
import { readAhead, readAheadOf, type ReadAhead } from '../data/local/read-ahead';
import { dashboardMarksDays } from '../data/local/mirror-query';
import { dashboardQueryAt } from '../data/hooks/mark-queries';
import { summaryKey } from '../data/session/summary';
import type { CustomerRecord, Medication } from '../domain/entities';
import { customerFlags } from '../domain/setup-state';
import { COMPLETE_CUSTOMER, testSession } from '../data/session/test-patient';
import { retireStoredPatient, startStoredPatient, storedPatient } from './stored-patient';

/** The dashboard's read-ahead, as its route declares it (features/dashboard/dashboard-reads.ts). */
const readDashboardAhead: ReadAhead = async (reads) => void (await readAhead(dashboardQueryAt(new Date()), reads));

const NOW = new Date('2026-11-23T09:00:00+01:00');
const NO_ANSWER = { search: '', hash: '' };

const session = (id = 'u1', level: { aal?: 'aal1' | 'aal2'; factor?: boolean } = {}): Session => testSession({ id, email: `${id}@example.test`, ...level });

/** localStorage as supabase-js leaves it: the session under its key. */
const storageWith = (stored: Session | null): Pick<Storage, 'getItem'> => ({
  getItem: (key) => (stored && key === storedSessionKey() ? JSON.stringify(stored) : null),
});

const names: string[] = [];
const dbs: LocalDb[] = [];

afterEach(async () => {
  retireStoredPatient({ sameSession: false });
  for (const db of dbs.splice(0)) db.close();
  await Promise.all(names.splice(0).map((name) => Dexie.delete(name)));
});

async function mirrorOf(owner: string, { pulled = true } = {}): Promise<{ name: string; db: LocalDb }> {
  const name = `stored-patient-${crypto.randomUUID()}`;
  names.push(name);
  const db = openLocalDb(name);
  dbs.push(db);
  await db.meta.put({ key: META.owner, value: owner });
  if (pulled) await db.meta.bulkPut([{ key: META.pulledAt('customer'), value: 2000 }, { key: META.pulledAt('orders'), value: 2000 }]);
  await db.customers.put({ ...COMPLETE_CUSTOMER, id: owner } as CustomerRecord);
  await db.medications.put({ pharmacode: 11, dscrd: 'Alpha' } as Medication);
  return { name, db };
}

/** The raw reader of that database, noting whether the start closed it again. */
function opener(name: string) {
  const closed = vi.fn();
  const open = vi.fn(async (): Promise<IdbMirror | null> => {
    const mirror = await openIdbMirror(indexedDB, name);
    return mirror && { ...mirror, close: () => (closed(), mirror.close()) };
  });
  return { open, closed };
}

describe('startStoredPatient', () => {
  it('nothing to read without a stored session', () => {
    const { open } = opener('none');
    expect(startStoredPatient({ location: NO_ANSWER, storage: storageWith(null), open })).toBeNull();
    expect(startStoredPatient({ location: NO_ANSWER, storage: undefined, open })).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(storedPatient.get()).toBeNull();
  });

  it('nothing to read when the address brings an answer of the auth service: that decides who is signed in', () => {
    const { open } = opener('none');
    const storage = storageWith(session());
    expect(startStoredPatient({ location: { search: '', hash: '#access_token=a&refresh_token=r' }, storage, open })).toBeNull();
    expect(startStoredPatient({ location: { search: '?code=abc', hash: '' }, storage, open })).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('the mirror holds this patient: their signed-in state and flags, and the route\'s data read ahead', async () => {
    const { name, db } = await mirrorOf('u1');
    const { open, closed } = opener(name);
    let readAheadOwner: string | null = null;
    const readAhead = vi.fn(async (reads: MirrorReads) => {
      readAheadOwner = await ownerIn(reads);
      await readDashboardAhead(reads);
    });

    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), readAhead, open, now: () => NOW })).toBe(true);

    const stored = storedPatient.get();
    expect(stored?.auth).toMatchObject({ status: 'signedIn', user: { id: 'u1', email: 'u1@example.test', language: 'de' }, needsSecondFactor: false });
    expect(stored?.summary).toEqual({ key: summaryKey(stored!.auth), status: 'ready', flags: customerFlags(COMPLETE_CUSTOMER, NOW), error: null });
    expect(stored?.summary.key).toBe('u1:aal1');
    expect(stored?.summary.flags).toMatchObject({ hasProfile: true, hasSetup: true, hasPrescriptions: true });
    expect(readAhead).toHaveBeenCalledOnce();
    expect(readAheadOwner).toBe('u1');
    // the dose marks of today and yesterday (issue 24: the plan's day is one of them) are part of the read
    expect(readAheadOf(dashboardQueryAt(new Date()), { name })).toEqual(await readDashboardMirror(db, dashboardMarksDays(new Date())));
    // the connection does not outlive the start (Dexie's upgrade and a wipe need it gone)
    expect(closed).toHaveBeenCalledOnce();
  });

  it('flags as of the start: a prescription expired by then does not count', async () => {
    const { name } = await mirrorOf('u1');
    const later = new Date('2027-06-01T09:00:00+02:00');
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), open: opener(name).open, now: () => later })).toBe(true);
    expect(storedPatient.get()?.summary.flags?.hasPrescriptions).toBe(false);
  });

  it('another user\'s mirror: nothing shown of it, nothing read ahead', async () => {
    const { name } = await mirrorOf('u2');
    const { open, closed } = opener(name);
    const readAhead = vi.fn(async () => {});
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session('u1')), readAhead, open, now: () => NOW })).toBe(false);
    expect(storedPatient.get()).toBeNull();
    expect(readAhead).not.toHaveBeenCalled();
    expect(closed).toHaveBeenCalledOnce();
  });

  it('the customer area never pulled: no record would read as a new account, so nothing is shown', async () => {
    const { name } = await mirrorOf('u1', { pulled: false });
    const readAhead = vi.fn(async () => {});
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), readAhead, open: opener(name).open, now: () => NOW })).toBe(false);
    expect(storedPatient.get()).toBeNull();
    expect(readAhead).not.toHaveBeenCalled();
  });

  it('no mirror on this device: false', async () => {
    const name = `stored-patient-${crypto.randomUUID()}`;
    names.push(name);
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), open: opener(name).open })).toBe(false);
    expect(storedPatient.get()).toBeNull();
  });

  it('IndexedDB that does not answer is not waited for: false after the timeout, and a late answer shows nothing', async () => {
    const { name } = await mirrorOf('u1');
    let answer: (mirror: IdbMirror | null) => void = () => {};
    const open = () => new Promise<IdbMirror | null>((resolve) => (answer = resolve));
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), open, now: () => NOW, timeoutMs: 20 })).toBe(false);
    const closed = vi.fn();
    const late = await openIdbMirror(indexedDB, name);
    answer(late && { ...late, close: () => (closed(), late.close()) });
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
    expect(storedPatient.get()).toBeNull();
  });

  // a busy device: the mirror opened in time, its reads and the read ahead take longer than the open's timeout
  it('only the open is timed: a mirror that opened in time shows the patient\'s screen however long its reads take', async () => {
    const { name } = await mirrorOf('u1');
    const readAhead = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), readAhead, open: opener(name).open, now: () => NOW, timeoutMs: 20 })).toBe(true);
    expect(readAhead).toHaveBeenCalledTimes(1);
    expect(storedPatient.get()?.auth.status).toBe('signedIn');
  });

  it('a failed read ahead still shows the patient\'s screen (its view reads again)', async () => {
    const { name } = await mirrorOf('u1');
    const readAhead = vi.fn(async () => Promise.reject(new Error('read failed')));
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), readAhead, open: opener(name).open, now: () => NOW })).toBe(true);
    expect(storedPatient.get()?.auth.status).toBe('signedIn');
  });

  // spec §4: nextLevel aal2 and currentLevel aal1: the login confirmation shows
  it('a patient with a verified factor and an aal1 token still needs the second factor', async () => {
    const { name } = await mirrorOf('u1');
    expect(await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session('u1', { factor: true })), open: opener(name).open, now: () => NOW })).toBe(true);
    expect(storedPatient.get()?.auth).toMatchObject({ needsSecondFactor: true, aal: { current: 'aal1', next: 'aal2' } });
  });

  it('retired for another session: the stored state and the read ahead are gone, and listeners hear of it', async () => {
    const { name } = await mirrorOf('u1');
    await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), readAhead: readDashboardAhead, open: opener(name).open, now: () => NOW });
    expect(storedPatient.get()).not.toBeNull();
    expect(readAheadOf(dashboardQueryAt(new Date()), { name })).toBeDefined();
    const heard = vi.fn();
    const off = storedPatient.subscribe(heard);

    retireStoredPatient({ sameSession: false });
    off();
    expect(storedPatient.get()).toBeNull();
    expect(readAheadOf(dashboardQueryAt(new Date()), { name })).toBeUndefined();
    expect(heard).toHaveBeenCalledOnce();
  });

  it('retired for the same patient: the stored state goes, the read ahead stays for a screen that mounts later', async () => {
    // a navigation renders as a transition: the start's redirect may mount its screen after the takeover
    const { name } = await mirrorOf('u1');
    await startStoredPatient({ location: NO_ANSWER, storage: storageWith(session()), readAhead: readDashboardAhead, open: opener(name).open, now: () => NOW });
    const ahead = readAheadOf(dashboardQueryAt(new Date()), { name });
    expect(ahead).toBeDefined();

    retireStoredPatient({ sameSession: true });
    expect(storedPatient.get()).toBeNull();
    expect(readAheadOf(dashboardQueryAt(new Date()), { name })).toBe(ahead);
  });
});
