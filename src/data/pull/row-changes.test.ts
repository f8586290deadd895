// A realtime DELETE of a table mirrored apart (issue 37 item 5): hosted Realtime sends it to every
// subscriber as the old row's primary key alone, and that key is an opaque id the server made, not
// the natural key the mirror is keyed by. The mirror drops the row holding that id, and nothing
// for an id it does not hold (another patient's row).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { applyRowChange, writeRows } from './mirror-writes';

const U = '6d9a4a7e-1111-4c3b-9d7e-0000000000aa';
const TABLE = 'webshop_customer_push_subscription';
const device = (n: number) => ({ id: `0f6e4d1c-0000-4000-8000-00000000000${n}`, customer_id: U, endpoint: `https://fcm.googleapis.com/fcm/send/${n}`, p256dh: 'k', auth: 'a', device_label: `phone ${n}`, show_names: false });

let db: LocalDb;
let n = 0;
beforeEach(async () => {
  db = openLocalDb(`row-changes-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await claimMirror(db, U);
  await writeRows(db, U, TABLE, [device(1), device(2)], { overlay: null });
});
afterEach(() => db.delete());

const endpoints = async () => (await db.rows.where('[table+customer_id]').equals([TABLE, U]).toArray()).map((r) => r.row.endpoint).sort();

describe('applyRowChange: a DELETE as hosted Realtime sends it', () => {
  it('its opaque id alone: the row holding it leaves the mirror, the others stay', async () => {
    await applyRowChange(db, U, { table: TABLE, type: 'DELETE', row: { id: device(1).id } }, { overlay: null });
    expect(await endpoints()).toEqual([device(2).endpoint]);
  });

  it('an id the mirror does not hold (another patient\'s row), or no key at all: nothing changes', async () => {
    await applyRowChange(db, U, { table: TABLE, type: 'DELETE', row: { id: '0f6e4d1c-0000-4000-8000-000000000009' } }, { overlay: null });
    await applyRowChange(db, U, { table: TABLE, type: 'DELETE', row: {} }, { overlay: null });
    expect(await endpoints()).toEqual([device(1).endpoint, device(2).endpoint]);
  });

  it('a row named by its natural key (the whole old row) leaves too', async () => {
    await applyRowChange(db, U, { table: TABLE, type: 'DELETE', row: device(2) }, { overlay: null });
    expect(await endpoints()).toEqual([device(1).endpoint]);
  });

  it('an insert from realtime keeps the server\'s id, so its later delete finds it', async () => {
    await applyRowChange(db, U, { table: TABLE, type: 'INSERT', row: device(3) }, { overlay: null });
    await applyRowChange(db, U, { table: TABLE, type: 'DELETE', row: { id: device(3).id } }, { overlay: null });
    expect(await endpoints()).toEqual([device(1).endpoint, device(2).endpoint]);
  });
});
