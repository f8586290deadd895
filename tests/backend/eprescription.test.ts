// E-prescriptions against the real local stack (issue 27 item 3): the table's rules and RLS (own
// rows, aal2 where a second factor is enrolled, no change after sending, one row per prescription
// Id), the announcement (the latest additional info unhandled: awaiting, spec §4), and the send
// through the outbox — offline then online: one row, one desk mail; a lost answer retried: still
// one; another device sending the same code: one row, one mail, and the second device told.
import { randomUUID } from 'node:crypto';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import { readEPrescriptions } from '../../src/data/hooks/use-eprescriptions.ts';
import { EPRESCRIPTION_TABLE, sendEPrescription, type OutboxContext } from '../../src/data/outbox/commands.ts';
import type { TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { createReplayer, type Timers } from '../../src/data/outbox/replay.ts';
import { sendEntry } from '../../src/data/outbox/send.ts';
import { pullAll, pullRows } from '../../src/data/pull/pull.ts';
import type { AppClient } from '../../src/data/supabase-client.ts';
import { encodeChmed16a } from '../../src/domain/emediplan/chmed16a.ts';
import { checkEPrescription } from '../../src/domain/emediplan/e-prescription-check.ts';
import { latestById } from '../../src/domain/latest-by-id.ts';
import { anonClient, mailsTo, serviceClient, signUpPatient } from '../setup/clients.ts';
import { patientWithProfile, totpCode, type Patient } from './fixtures.ts';

const DESK = 'rezepte@rezeptpost.ch';
const stillTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };
const dbs: LocalDb[] = [];

afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
});

/** A HIN e-prescription link for this patient, as a doctor's software writes it. */
async function hinLink(p: Patient, id = randomUUID()): Promise<string> {
  const code = await encodeChmed16a({
    rev: 2,
    MedType: 3,
    Id: id,
    Auth: '7601000000017',
    Dt: new Date(Date.now() - 3_600_000).toISOString(),
    Patient: { FName: String(p.profile.customer.first_name), LName: 'Muster', BDt: '1970-05-17', Lng: 'de' },
    HcPerson: { Gln: '7601000000017', FName: 'Jürg', LName: 'Bärtschi' },
    HcOrg: { Name: 'Praxis Zürichberg', Street: 'Gloriastrasse 1', Zip: '8006', City: 'Zürich' },
    Medicaments: [{ Id: '2333266', IdType: 3, Pos: [{ D: [0.5, 0, 1, 0] }], AppInstr: 'Nach dem Essen' }],
  });
  return `https://eprescription.hin.ch/#${code}&i=Dr.%20J%C3%BCrg%20B%C3%A4rtschi&t=${Math.floor(Date.now() / 1000)}&s=${'0f'.repeat(64)}`;
}

async function checkedRx(p: Patient, link: string) {
  const c = await checkEPrescription(link, new Date(), { firstName: String(p.profile.customer.first_name), lastName: 'Muster', birthDate: '1970-05-17' });
  if (!c.ok) throw new Error(c.error);
  return { rx_id: c.value.rxId, raw: link, summary: c.value.summary };
}

async function device(p: Patient) {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: p.email, password: p.password });
  if (error) throw new Error(error.message);
  const db = openLocalDb(`erx-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  await claimMirror(db, p.userId);
  const c = client as unknown as AppClient;
  await pullAll(c, db, p.userId);
  const ctx: OutboxContext = { db, newId: randomUUID, now: Date.now, appended: () => {} };
  let online = false;
  const replayer = createReplayer({ db, client: c, timers: stillTimers, random: () => 1, online: () => online });
  return { db, client: c, ctx, replayer, goOnline: () => (online = true) };
}

const rows = async (p: Patient) => (await serviceClient().from(EPRESCRIPTION_TABLE).select('*').eq('customer_id', p.userId)).data ?? [];
const deskMails = async (p: Patient) => (await mailsTo(DESK)).filter((m) => m.text.includes(`Kunden-ID ${p.userId}`) && m.subject.startsWith('E-Rezept'));
const latestInfo = async (p: Patient) =>
  (await serviceClient().from('webshop_customer_additional_info').select('*').eq('customer_id', p.userId).order('id', { ascending: false }).limit(1).single()).data as Record<string, unknown>;

let A: Patient;
let B: Patient;

beforeAll(async () => {
  [A, B] = await Promise.all([patientWithProfile('Ella'), patientWithProfile('Bruno')]);
});

describe('webshop_customer_eprescription: rules and RLS', () => {
  it('a patient stores an e-prescription once per Id; the server sets when it arrived; a second insert of the Id answers 409', async () => {
    const row = { rx_id: randomUUID(), raw: 'https://eprescription.hin.ch/#CHMED16A1abc&s=00', summary: { id: 'x', medicaments: [] }, sent_at: '2001-01-01T00:00:00Z' };
    const first = await A.client.from(EPRESCRIPTION_TABLE).insert(row).select().single();
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ customer_id: A.userId, rx_id: row.rx_id, raw: row.raw });
    expect(Date.now() - Date.parse(String(first.data!.sent_at))).toBeLessThan(60_000);
    const again = await A.client.from(EPRESCRIPTION_TABLE).insert({ ...row, raw: `${row.raw}1` });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    expect((await rows(A)).filter((r) => r.rx_id === row.rx_id)).toHaveLength(1);
  });

  it('the same Id is another prescription for another patient', async () => {
    const rxId = randomUUID();
    for (const p of [A, B]) expect((await p.client.from(EPRESCRIPTION_TABLE).insert({ rx_id: rxId, raw: 'CHMED16A1x', summary: {} })).error).toBeNull();
  });

  it('another patient neither reads nor writes them; a visitor reads nothing; nobody changes or deletes a sent one', async () => {
    const rxId = randomUUID();
    expect((await A.client.from(EPRESCRIPTION_TABLE).insert({ rx_id: rxId, raw: 'CHMED16A1x', summary: {} })).error).toBeNull();
    expect((await B.client.from(EPRESCRIPTION_TABLE).select('*').eq('rx_id', rxId)).data).toEqual([]);
    expect((await anonClient().from(EPRESCRIPTION_TABLE).select('*')).data ?? []).toEqual([]);
    const foreign = await B.client.from(EPRESCRIPTION_TABLE).insert({ customer_id: A.userId, rx_id: randomUUID(), raw: 'CHMED16A1x', summary: {} });
    expect(foreign.error?.code).toBe('42501');
    const update = await A.client.from(EPRESCRIPTION_TABLE).update({ raw: 'changed' }).eq('rx_id', rxId);
    expect(update.error?.code).toBe('42501');
    const remove = await A.client.from(EPRESCRIPTION_TABLE).delete().eq('rx_id', rxId);
    expect(remove.error?.code).toBe('42501');
    expect((await rows(A)).find((r) => r.rx_id === rxId)?.raw).toBe('CHMED16A1x');
  });

  it.each([
    ['an empty Id', { rx_id: '', raw: 'x', summary: {} }],
    ['an Id beyond 200 characters', { rx_id: 'x'.repeat(201), raw: 'x', summary: {} }],
    ['a code beyond 128 KiB', { rx_id: 'r', raw: 'x'.repeat(131_073), summary: {} }],
    ['a summary that is no object', { rx_id: 'r', raw: 'x', summary: [1] }],
  ])('refuses %s (400)', async (_, row) => {
    const res = await A.client.from(EPRESCRIPTION_TABLE).insert(row);
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
  });

  it('needs a complete profile (spec §4: before prescriptions are submitted): PT409 setup_incomplete', async () => {
    const fresh = await signUpPatient();
    const res = await fresh.client.from(EPRESCRIPTION_TABLE).insert({ rx_id: 'r', raw: 'x', summary: {} });
    expect(res.status).toBe(409);
    expect(res.error?.message).toBe('setup_incomplete');
  });

  it('announces the prescription: the latest additional info becomes unhandled (awaiting) until the pharmacy sets it', async () => {
    const info = latestById([A.profile.additionalInfo]);
    await serviceClient().from('webshop_customer_additional_info').update({ handled: true }).eq('id', info!.id);
    expect((await latestInfo(A)).handled).toBe(true);
    expect((await A.client.from(EPRESCRIPTION_TABLE).insert({ rx_id: randomUUID(), raw: 'x', summary: {} })).error).toBeNull();
    expect((await latestInfo(A)).handled).toBe(false);
  });

  it('a patient with a verified second factor needs aal2 to read or send them', async () => {
    const P = await patientWithProfile('Mira');
    const enrolled = await P.client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
    const factorId = enrolled.data!.id;
    expect((await P.client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(enrolled.data!.totp.secret) })).error).toBeNull();
    const rxId = randomUUID();
    expect((await P.client.from(EPRESCRIPTION_TABLE).insert({ rx_id: rxId, raw: 'x', summary: {} })).error).toBeNull();

    const aal1 = anonClient();
    await aal1.auth.signInWithPassword({ email: P.email, password: P.password });
    expect((await aal1.from(EPRESCRIPTION_TABLE).select('*')).data).toEqual([]);
    expect((await aal1.from(EPRESCRIPTION_TABLE).insert({ rx_id: randomUUID(), raw: 'x', summary: {} })).error?.code).toBe('42501');
    expect((await P.client.from(EPRESCRIPTION_TABLE).select('rx_id')).data).toEqual([{ rx_id: rxId }]);
  });
});

describe('sending an e-prescription through the outbox', () => {
  it('offline, then online: the send method stays, one row with the code as scanned, one desk mail, and awaiting', async () => {
    const P = await patientWithProfile('Olga');
    await serviceClient().from('webshop_customer_additional_info').update({ handled: true }).eq('id', P.profile.additionalInfo.id);
    const d = await device(P);
    await pullAll(d.client, d.db, P.userId);
    const link = await hinLink(P);
    const rx = await checkedRx(P, link);

    const queued = await sendEPrescription(d.ctx, P.userId, rx);
    expect(queued.ok).toBe(true);
    // the mirror shows it at once, waiting, and the prescription as announced
    expect(await readEPrescriptions(d.db)).toMatchObject([{ rxId: rx.rx_id, pending: true, refused: null }]);
    expect(latestById((await d.db.customers.get(P.userId))!.webshop_customer_additional_info)?.handled).toBe(false);
    // the post method was chosen already: only the prescription and its mail wait
    expect(((await d.db.outbox.orderBy('seq').toArray()) as TypedOutboxEntry[]).map((e) => e.kind)).toEqual(['row.insert', 'call']);

    // offline nothing goes
    expect(await d.replayer.replay()).toMatchObject({ sent: 0, failed: 1 });
    expect(await rows(P)).toEqual([]);

    d.goOnline();
    expect(await d.replayer.replay()).toMatchObject({ sent: 2, rejected: 0 });
    const stored = await rows(P);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rx_id: rx.rx_id, raw: link, summary: { doctor: { name: 'Jürg Bärtschi' } } });
    expect(await deskMails(P)).toHaveLength(1);
    expect((await deskMails(P))[0]?.text).toContain(`Rezept-ID: ${rx.rx_id}`);
    expect(await latestInfo(P)).toMatchObject({ prescription_send_method: 'post', handled: false });

    // the same code again: refused on this device, nothing queued
    expect(await sendEPrescription(d.ctx, P.userId, rx)).toEqual({ ok: false, error: 'already_sent' });
    expect(await d.db.outbox.count()).toBe(0);
    await pullRows(d.client, d.db, P.userId);
    expect(await readEPrescriptions(d.db)).toMatchObject([{ rxId: rx.rx_id, pending: false, sentAt: stored[0]!.sent_at }]);
  });

  it('the first way chosen (onboarding step 6): the send method eprescription goes first, then the prescription and its mail', async () => {
    const P = await patientWithProfile('Nina');
    await serviceClient().from('webshop_customer_additional_info').delete().eq('customer_id', P.userId);
    const d = await device(P);
    const rx = await checkedRx(P, await hinLink(P));
    expect((await sendEPrescription(d.ctx, P.userId, rx)).ok).toBe(true);
    expect(((await d.db.outbox.orderBy('seq').toArray()) as TypedOutboxEntry[]).map((e) => `${e.kind}:${'table' in e.payload ? e.payload.table : e.payload.name}`)).toEqual([
      'row.insert:webshop_customer_additional_info',
      `row.insert:${EPRESCRIPTION_TABLE}`,
      'call:prescriptionLocationMail',
    ]);
    d.goOnline();
    expect(await d.replayer.replay()).toMatchObject({ sent: 3, rejected: 0 });
    expect(await latestInfo(P)).toMatchObject({ prescription_send_method: 'eprescription', handled: false, doc_name: null });
    expect(await rows(P)).toHaveLength(1);
    expect(await deskMails(P)).toHaveLength(1);
  });

  it('an insert whose answer was lost is recognised when retried (its entry id in the row): acknowledged, still one row and one mail', async () => {
    const P = await patientWithProfile('Lore');
    const d = await device(P);
    const rx = await checkedRx(P, await hinLink(P));
    await sendEPrescription(d.ctx, P.userId, rx);
    const [insert] = (await d.db.outbox.orderBy('seq').toArray()) as TypedOutboxEntry[];
    // the first attempt reached the server, its answer did not reach the device
    expect(await sendEntry(d.client, insert!, false)).toEqual({ type: 'ok' });
    await d.db.outbox.update(insert!.seq!, { attempts: 1 });
    d.goOnline();
    expect(await d.replayer.replay()).toMatchObject({ sent: 2, rejected: 0 });
    expect(await rows(P)).toHaveLength(1);
    expect((await rows(P))[0]?.entry_id).toBe(insert!.id);
    expect(await deskMails(P)).toHaveLength(1);
  });

  it('two devices send the same code: one row, one desk mail; the second is refused as sent (409) and learns the date', async () => {
    const P = await patientWithProfile('Ruth');
    const [one, two] = [await device(P), await device(P)];
    const rx = await checkedRx(P, await hinLink(P));
    await sendEPrescription(one.ctx, P.userId, rx);
    await sendEPrescription(two.ctx, P.userId, rx);
    one.goOnline();
    two.goOnline();
    expect(await one.replayer.replay()).toMatchObject({ sent: 2, rejected: 0 });
    // the second device: its insert is refused (409 conflict); its mail is answered as sent already
    expect(await two.replayer.replay()).toMatchObject({ sent: 1, rejected: 1 });
    const [refused] = (await two.db.outbox.toArray()) as TypedOutboxEntry[];
    expect(refused).toMatchObject({ kind: 'row.insert', status: 'rejected', lastError: { code: 'conflict', status: 409 } });
    expect(await rows(P)).toHaveLength(1);
    expect(await deskMails(P)).toHaveLength(1);
    await pullRows(two.client, two.db, P.userId);
    expect(await readEPrescriptions(two.db)).toMatchObject([{ rxId: rx.rx_id, refused: 'conflict', sentAt: (await rows(P))[0]!.sent_at }]);
  });
});
