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
import { sendEPrescription, type OutboxContext } from '../../src/data/outbox/commands.ts';
import { EPRESCRIPTION_TABLE } from '../../src/data/tables/eprescriptions.ts';
import type { TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { createReplayer, type Timers } from '../../src/data/outbox/replay.ts';
import { sendEntry } from '../../src/data/outbox/send.ts';
import { pullAll, pullRows } from '../../src/data/pull/pull.ts';
import type { AppClient } from '../../src/data/supabase-client.ts';
import { bytesToBase64, gzip } from '../../src/domain/emediplan/gzip-base64.ts';
import { checkEPrescription } from '../../src/domain/emediplan/e-prescription-check.ts';
import { latestById } from '../../src/domain/latest-by-id.ts';
import { anonClient, mailsTo, serviceClient } from '../setup/clients.ts';
import { functionError, hinLink, must, patientWithProfile, storeEPrescription, totpCode, type Patient } from './fixtures.ts';
import { helperOf } from './caregiver-fixtures.ts';

const DESK = 'rezepte@rezeptpost.ch';
const stillTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };
const dbs: LocalDb[] = [];

afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
});

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

describe('webshop_customer_eprescription: stored by the function, read by the patient', () => {
  it('the function stores the code under its own Id; the server sets when it arrived; the same code again answers 409 with that time', async () => {
    const id = randomUUID();
    const link = await hinLink(A, { Id: id });
    const first = await storeEPrescription(A.client, link);
    expect(first).toMatchObject({ status: 200, body: { rx_id: id, replay: false } });
    const [row] = (await rows(A)).filter((r) => r.rx_id === id);
    expect(row).toMatchObject({ customer_id: A.userId, rx_id: id, raw: link });
    expect(Date.now() - Date.parse(String(row!.sent_at))).toBeLessThan(60_000);
    const again = await storeEPrescription(A.client, link);
    expect(again).toMatchObject({ status: 409, body: { error: 'conflict', sent_at: expect.any(String) } });
    expect(Date.parse(String(again.body.sent_at))).toBe(Date.parse(String(row!.sent_at)));
    expect((await rows(A)).filter((r) => r.rx_id === id)).toHaveLength(1);
  });

  it('the same code is another prescription for another patient', async () => {
    const link = await hinLink(A);
    for (const p of [A, B]) expect((await storeEPrescription(p.client, link)).status).toBe(200);
  });

  it('another patient reads none of them; a visitor reads nothing; nobody inserts, changes or deletes one through the API', async () => {
    const id = randomUUID();
    expect((await storeEPrescription(A.client, await hinLink(A, { Id: id }))).status).toBe(200);
    expect((await B.client.from(EPRESCRIPTION_TABLE).select('*').eq('rx_id', id)).data).toEqual([]);
    expect((await anonClient().from(EPRESCRIPTION_TABLE).select('*')).data ?? []).toEqual([]);
    const own = await A.client.from(EPRESCRIPTION_TABLE).insert({ rx_id: randomUUID(), raw: 'CHMED16A1x', summary: {} });
    expect([own.status, own.error?.code]).toEqual([403, '42501']);
    const update = await A.client.from(EPRESCRIPTION_TABLE).update({ raw: 'changed' }).eq('rx_id', id);
    expect(update.error?.code).toBe('42501');
    const remove = await A.client.from(EPRESCRIPTION_TABLE).delete().eq('rx_id', id);
    expect(remove.error?.code).toBe('42501');
    expect((await rows(A)).find((r) => r.rx_id === id)?.raw).toContain('CHMED16A1');
  });

  it.each([
    ['no Idempotency-Key', { raw: 'CHMED16A1x', summary: {} }, {}, 'invalid_request'],
    ['an empty code', { raw: '', summary: {} }, null, 'invalid_request'],
    ['a code beyond 128 KiB', { raw: 'x'.repeat(131_073), summary: {} }, null, 'invalid_request'],
    ['a summary that is no object', { raw: 'CHMED16A1x', summary: [1] }, null, 'invalid_request'],
    ['a summary beyond 64 KiB', { raw: 'CHMED16A1x', summary: { remark: 'x'.repeat(70_000) } }, null, 'invalid_request'],
    ['a field the function does not know (an Id of the patient’s choosing)', { raw: 'CHMED16A1x', summary: {}, rx_id: 'mine' }, null, 'invalid_request'],
  ])('refuses %s (400), stores nothing', async (_, body, headers, code) => {
    const before = (await rows(A)).length;
    const { error } = await A.client.functions.invoke('ePrescription', { body, headers: headers ?? { 'Idempotency-Key': randomUUID() } });
    expect(await functionError(error)).toMatchObject({ status: 400, body: { error: code } });
    expect(await rows(A)).toHaveLength(before);
  });

  it('needs a complete profile (spec §4: before prescriptions are submitted): 409 setup_incomplete', async () => {
    const fresh = await patientWithProfile('Frisch');
    must(await serviceClient().from('webshop_customer_questionnaire').delete().eq('customer_id', fresh.userId).select('id'), 'questionnaire');
    expect(await storeEPrescription(fresh.client, await hinLink(fresh))).toMatchObject({ status: 409, body: { error: 'setup_incomplete', missing: ['questionnaire.weight', 'questionnaire.size'] } });
    expect(await rows(fresh)).toEqual([]);
  });

  it('announces the prescription: the latest additional info becomes unhandled (awaiting) until the pharmacy sets it', async () => {
    const info = latestById([A.profile.additionalInfo]);
    await serviceClient().from('webshop_customer_additional_info').update({ handled: true }).eq('id', info!.id);
    expect((await latestInfo(A)).handled).toBe(true);
    expect((await storeEPrescription(A.client, await hinLink(A))).status).toBe(200);
    expect((await latestInfo(A)).handled).toBe(false);
  });

  it('a patient with a verified second factor needs aal2 to read or send them', async () => {
    const P = await patientWithProfile('Mira');
    const enrolled = await P.client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Rezeptpost' });
    const factorId = enrolled.data!.id;
    expect((await P.client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(enrolled.data!.totp.secret) })).error).toBeNull();
    const id = randomUUID();
    expect((await storeEPrescription(P.client, await hinLink(P, { Id: id }))).status).toBe(200);

    const aal1 = anonClient();
    await aal1.auth.signInWithPassword({ email: P.email, password: P.password });
    expect((await aal1.from(EPRESCRIPTION_TABLE).select('*')).data).toEqual([]);
    expect(await storeEPrescription(aal1, await hinLink(P))).toMatchObject({ status: 403, body: { error: 'insufficient_aal' } });
    expect((await P.client.from(EPRESCRIPTION_TABLE).select('rx_id')).data).toEqual([{ rx_id: id }]);
  });
});

// issue 37 item 7: the server reads the code; the key is the code's own Id (its hash for a
// placeholder); what is no prescription is refused; at most 20 a day
describe('what the server reads of the code', () => {
  it('one code cannot be stored under other Ids: the body names none, and the table takes no patient insert (150 rows: 403)', async () => {
    const P = await patientWithProfile('Ida');
    const link = await hinLink(P);
    const many = Array.from({ length: 150 }, (_, i) => ({ rx_id: `id-${i}`, raw: link, summary: {} }));
    expect((await P.client.from(EPRESCRIPTION_TABLE).insert(many)).status).toBe(403);
    expect((await storeEPrescription(P.client, link)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await storeEPrescription(P.client, link)).status).toBe(409);
    expect(await rows(P)).toHaveLength(1);
  });

  it.each([
    ['an eMediplan plan (MedType 1)', 422, 'not_a_prescription', (p: Patient) => hinLink(p, { MedType: 1 })],
    ['a polymedication check (MedType 2)', 422, 'not_a_prescription', (p: Patient) => hinLink(p, { MedType: 2 })],
    ['text', 400, 'unreadable_code', async () => 'Rezept von Dr. Muster'],
    ['a link that is no code', 400, 'unreadable_code', async () => 'https://eprescription.hin.ch/#nothing'],
    ['broken base64', 400, 'unreadable_code', async () => 'CHMED16A1H4sIAAAA*!'],
    ['a gzip bomb (20 MiB of blanks in a few kB)', 400, 'unreadable_code', async () => `CHMED16A1${bytesToBase64(await gzip(new TextEncoder().encode(`{"MedType":3,"Rmk":"${' '.repeat(20 * 1024 * 1024)}"}`)))}`],
  ])('%s: %i %s, nothing stored, nothing announced', async (_, status, code, make) => {
    const P = await patientWithProfile('Nein');
    expect(await storeEPrescription(P.client, await make(P))).toMatchObject({ status, body: { error: code } });
    expect(await rows(P)).toEqual([]);
  });

  it('the all-zero placeholder Id names no prescription: two such prescriptions are two rows, keyed by their codes; one of them again: 409', async () => {
    const P = await patientWithProfile('Null');
    const ZERO = '00000000-0000-0000-0000-000000000000';
    const [one, two] = [await hinLink(P, { Id: ZERO }), await hinLink(P, { Id: ZERO, Rmk: 'zweites Rezept' })];
    const [a, b] = [await storeEPrescription(P.client, one), await storeEPrescription(P.client, two)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.rx_id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b.body.rx_id).not.toBe(a.body.rx_id);
    // the app keys them alike, so the desk mail finds them by the key the app sent
    expect((await checkedRx(P, one)).rx_id).toBe(a.body.rx_id);
    expect((await storeEPrescription(P.client, one)).status).toBe(409);
    expect((await rows(P)).map((r) => r.rx_id).sort()).toEqual([a.body.rx_id, b.body.rx_id].sort());
  });

  it('at most 20 a day: the 21st answers 429 eprescription_limit and stores nothing', async () => {
    const P = await patientWithProfile('Viel');
    for (let i = 0; i < 20; i++) expect((await storeEPrescription(P.client, await hinLink(P))).status).toBe(200);
    expect(await storeEPrescription(P.client, await hinLink(P))).toMatchObject({ status: 429, body: { error: 'eprescription_limit' } });
    expect(await rows(P)).toHaveLength(20);
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

  // issue 41: a helper acting for the patient on her own device (the person's mirror, her session):
  // the entries name the patient, so the function stores it for him and the desk mail is about him
  it("a helper who may send, acting for the patient: stored as the patient's, she recorded as the sender, one desk mail about him", async () => {
    const P = await patientWithProfile('Theo');
    await serviceClient().from('webshop_customer_additional_info').update({ handled: true }).eq('id', P.profile.additionalInfo.id);
    const { helper } = await helperOf(P.client, ['send'], 'Anna');
    const db = openLocalDb(`erx-helper-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    dbs.push(db);
    await claimMirror(db, P.userId);
    const client = helper.client as unknown as AppClient;
    await pullAll(client, db, P.userId);
    const ctx: OutboxContext = { db, newId: randomUUID, now: Date.now, appended: () => {} };
    const rx = await checkedRx(P, await hinLink(P));
    expect((await sendEPrescription(ctx, P.userId, rx)).ok).toBe(true);
    const replayer = createReplayer({ db, client, owner: P.userId, timers: stillTimers, random: () => 1 });
    expect(await replayer.replay()).toMatchObject({ sent: 2, rejected: 0 });
    expect(await rows(P)).toMatchObject([{ rx_id: rx.rx_id, acted_by: helper.userId }]);
    expect((await serviceClient().from(EPRESCRIPTION_TABLE).select('id').eq('customer_id', helper.userId)).data).toEqual([]);
    expect(await deskMails(P)).toHaveLength(1);
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
