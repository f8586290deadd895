// The mirror's versions (local-db.ts: a change of the stores is a new version, never an edit of
// an old one): a device with the version 1 database keeps its data when the app adds version 2.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openLocalDb } from './local-db';
import { wipeMirror } from './wipe';

describe('local mirror versions', () => {
  it('version 2 adds the patient information store; what version 1 held stays', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ customers: 'id', orders: 'id, customer_id', medications: 'pharmacode', insurers: 'name', drafts: 'customer_id', outbox: '++seq, &id, customer_id, status', meta: 'key' });
    await v1.table('medications').put({ pharmacode: 1000001, prdno: 14001, dscrd: 'LIPORVA' });
    await v1.table('meta').put({ key: 'owner', value: 'u1' });
    v1.close();

    const db = openLocalDb(name);
    expect(await db.medications.get(1000001)).toMatchObject({ dscrd: 'LIPORVA' });
    await db.open();
    expect(db.verno).toBe(2);
    await db.patientInformation.put({ prdno: 14001, content_de: 'Text', content_fr: null });
    expect(await db.patientInformation.get(14001)).toEqual({ prdno: 14001, content_de: 'Text', content_fr: null });

    // the sign-out wipe takes the texts too (they name what the patient takes)
    await wipeMirror(db);
    expect(await db.patientInformation.count()).toBe(0);
    db.close();
  });
});
