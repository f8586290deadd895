// Every form rule of spec §5 (and §9's limits) kept by the server too
// (supabase/migrations/20261125000200_form_rules.sql): a patient writing with supabase-js, as
// the app does or as an attacker would, gets 400 naming the rule (src/domain/server-rules.ts)
// and nothing is written; what the forms accept is stored, and today's app writes still pass.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PARTNER_LOCATIONS } from '../../supabase/functions/_shared/partners.ts';
import { resetSendMethod, saveAddress, saveBaseData, saveInsurance, saveOrderDefaults, saveQuestionnaire, saveSendMethod, setSendAsap } from '../../src/data/outbox/commands.ts';
import { pullCustomer } from '../../src/data/pull/pull.ts';
import { ESPACE_PARTNERS } from '../../src/domain/constants.ts';
import { SERVER_RULES, serverRuleOf, type ServerRule, type ServerRuleName, type ServerRuleTable } from '../../src/domain/server-rules.ts';
import { anonClient, randomEmail, signUpPatient, TEST_PASSWORD, type SignedUpPatient } from '../setup/clients.ts';
import { copyDemoProfile, device, onboardingValues } from './form-rules-app.ts';
import { BASE, CASES, ESPACE, INSERT_ONLY, TEXT_COLUMNS, tableOf, zurichDay, type Row, type RuleCase } from './form-rules-cases.ts';
import {
  checkConstraints,
  FORM_RULES_MIGRATION,
  migrateAll,
  migrateBefore,
  PROJECT_DIR,
  rewriteAll,
  ruleTriggers,
  runFile,
  scratchDatabase,
  textColumns,
  type Scratch,
} from './form-rules-db.ts';
import { expectRefused, expectStored, restRows, stored, type RestRows } from './form-rules-rest.ts';
import { count, must, patientWithProfile, type Patient } from './fixtures.ts';

let P: Patient; // a complete profile: writes the list tables
let C: SignedUpPatient; // no customer row of its own between the cases: writes webshop_customers
let rest: RestRows;

beforeAll(async () => {
  [P, C] = await Promise.all([patientWithProfile('Regula'), signUpPatient()]);
  rest = restRows(P, C);
});

const ownerOf = (table: ServerRuleTable) => rest.ownerOf(table);
const baseRow = (table: ServerRuleTable, extra?: Row) => rest.baseRow(table, extra);
const withoutCustomerRow = () => rest.withoutCustomerRow();

// ---------------------------------------------------------------------------------------------
describe('the rules in the database (src/domain/server-rules.ts is their map)', () => {
  // a new database of the project's kind with every migration and the seed: a new local stack
  let scratch: Scratch;
  const db = () => scratch.db;

  beforeAll(async () => {
    scratch = await scratchDatabase(inject('databaseUrl'));
    await migrateAll(scratch.db);
  }, 120_000);
  afterAll(async () => {
    await scratch?.close();
  });

  it('every CHECK and every rule a table trigger raises is in the map, and every rule of the map is one of them', async () => {
    const checks = (await checkConstraints(db())).map((c) => c.name);
    const raised = (await ruleTriggers(db())).flatMap((t) => t.rules);
    expect([...checks, ...raised].sort()).toEqual(Object.keys(SERVER_RULES).sort());
    const kindOf = (name: string) => SERVER_RULES[name as ServerRuleName].kind;
    expect(checks.filter((name) => kindOf(name) !== 'check')).toEqual([]);
    expect(raised.filter((name) => kindOf(name) !== 'trigger')).toEqual([]);
  });

  it('each rule sits on the table of its entry; a rule trigger runs AFTER each inserted or updated row (after row level security)', async () => {
    for (const c of await checkConstraints(db())) expect(SERVER_RULES[c.name as ServerRuleName].table, c.name).toBe(c.table);
    for (const t of await ruleTriggers(db())) {
      expect(t.afterRowInsertUpdate, t.name).toBe(true);
      for (const name of t.rules) expect(SERVER_RULES[name as ServerRuleName].table, name).toBe(t.table);
    }
  });

  it('the length limits of the map are those of the constraints and triggers', async () => {
    const checks = new Map((await checkConstraints(db())).map((c) => [c.name, c.definition]));
    const sources = new Map((await ruleTriggers(db())).map((t) => [t.table, t.source]));
    for (const [name, rule] of Object.entries(SERVER_RULES) as [ServerRuleName, ServerRule][]) {
      if (rule.limit === undefined) continue;
      if (rule.kind === 'check') expect(checks.get(name), name).toMatch(new RegExp(`<= ${rule.limit}\\b`));
      else expect(sources.get(rule.table), name).toContain(`coalesce(private.form_length(new.${rule.field}), 0) < ${rule.limit}`);
    }
  });

  // spec §9: 7 practices and 3 pharmacies; the app, the mail function and the database agree
  it('the espace partner list of the database is the app\'s and the mail function\'s', async () => {
    const ids = (await db().query<{ ids: string[] }>('select private.espace_partners() as ids')).rows[0]!.ids;
    expect(ids.sort()).toEqual(ESPACE_PARTNERS.map((p) => p.id).sort());
    expect(ids.sort()).toEqual(PARTNER_LOCATIONS.map((p) => p.id).sort());
  });

  it('every text column a patient writes is bounded by a rule (a length, a format or a list)', async () => {
    const columns = await textColumns(db());
    expect(columns.map((c) => `${c.table}.${c.column}`).sort()).toEqual(Object.entries(TEXT_COLUMNS).flatMap(([t, cols]) => cols.map((c) => `${t}.${c}`)).sort());
    const bounded = new Set(Object.values(SERVER_RULES).filter((r) => r.code !== 'required' && r.code !== 'too_short').map((r) => `${r.table}.${r.field}`));
    expect(columns.filter((c) => !bounded.has(`${c.table}.${c.column}`))).toEqual([]);
  });

  it('the seed passes: every CHECK is validated, and every stored row written again passes every rule', async () => {
    expect((await checkConstraints(db())).filter((c) => !c.validated)).toEqual([]);
    const { rows } = await db().query<{ n: number }>(`select count(*)::int as n from public.webshop_customer_address`);
    expect(rows[0]!.n).toBeGreaterThan(0);
    await expect(rewriteAll(db())).resolves.toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// spec §5: one value the form refuses and one it accepts, for every rule, as the app writes
describe('every rule through the REST API, as a signed-in patient', () => {
  it('has a case for every rule', () => {
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(Object.keys(SERVER_RULES)));
  });

  const label = (c: RuleCase) => `${c.rule} (${c.what})`;

  it.each(CASES.map((c) => [label(c), c] as const))('%s: an insert is refused and writes nothing; the valid value is stored', async (_label, c) => {
    const table = tableOf(c);
    const { patient, owner, all } = ownerOf(table);
    if (table === 'webshop_customers') await withoutCustomerRow();
    const before = await count(table, all);
    expectRefused(await patient.client.from(table).insert({ ...owner, ...BASE[table], ...c.base, ...c.invalid }).select(), c.rule);
    expect(await count(table, all)).toBe(before);

    const res = await patient.client.from(table).insert({ ...owner, ...BASE[table], ...c.base, ...c.valid }).select().single();
    expect([res.status, res.error]).toEqual([201, null]);
    expectStored(await stored(table, table === 'webshop_customers' ? all : ['id', (res.data as Row).id]), c.stored ?? c.valid);
  });

  const updatable = CASES.filter((c) => !INSERT_ONLY.includes(tableOf(c)));

  it.each(updatable.map((c) => [label(c), c] as const))('%s: an update of the changed columns is refused and changes nothing; the valid value is stored', async (_label, c) => {
    const table = tableOf(c);
    const key = await baseRow(table, c.base);
    const before = await stored(table, key);
    const { patient } = ownerOf(table);
    expectRefused(await patient.client.from(table).update(c.invalid).eq(key[0], key[1]).select(), c.rule);
    expect(await stored(table, key)).toEqual(before);

    const res = await patient.client.from(table).update(c.valid).eq(key[0], key[1]).select();
    expect([res.status, res.error, res.data?.length]).toEqual([200, null, 1]);
    expectStored(await stored(table, key), c.stored ?? c.valid);
  });
});

// ---------------------------------------------------------------------------------------------
describe('attacks beyond single values', () => {
  const MB = 'x'.repeat(1_000_000);
  const columns = Object.entries(TEXT_COLUMNS).flatMap(([table, cols]) => cols.map((column) => [table as ServerRuleTable, column] as const));

  it.each(columns)('%s.%s: a 1 MB string is a 400 naming a rule of that column, never stored', async (table, column) => {
    const { patient, owner, all } = ownerOf(table);
    if (table === 'webshop_customers') await withoutCustomerRow();
    const before = await count(table, all);
    const insert = await patient.client.from(table).insert({ ...owner, ...BASE[table], [column]: MB }).select();
    expect([insert.status, insert.error?.code]).toEqual([400, '23514']);
    expect(serverRuleOf(insert.error!.message)).toMatchObject({ table, field: column });
    expect(await count(table, all)).toBe(before);
    if (INSERT_ONLY.includes(table)) return;

    const key = await baseRow(table);
    const row = await stored(table, key);
    const update = await patient.client.from(table).update({ [column]: MB }).eq(key[0], key[1]).select();
    expect([update.status, serverRuleOf(update.error?.message ?? '')?.field]).toEqual([400, column]);
    expect(await stored(table, key)).toEqual(row);
  });

  // GoTrue answers 500 when a trigger on auth.users raises: the language is dropped instead
  it('user metadata language "xx": the sign-up succeeds without a language', async () => {
    const { data, error } = await anonClient().auth.signUp({ email: randomEmail('lang'), password: TEST_PASSWORD, options: { data: { language: 'xx', platform: 'rx' } } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ platform: 'rx' });
  });

  it('user metadata language "xx" or 7: an update keeps the language the user had; de and fr are stored', async () => {
    const p = await signUpPatient();
    for (const language of ['xx', 7, ['fr']]) {
      const { data, error } = await p.client.auth.updateUser({ data: { language } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata.language).toBe('de');
    }
    const { data } = await p.client.auth.updateUser({ data: { language: 'fr' } });
    expect(data.user?.user_metadata.language).toBe('fr');
  });
});

// ---------------------------------------------------------------------------------------------
// spec §5 Phone, Insurance: spaces removed; a Swiss number in its international spellings
describe('the stored spelling', () => {
  it.each(['079 123 45 67', '+41 79 123 45 67', '0041 79 123 45 67', '\t+41\u00a079 123 45 67 '])('phone %j is stored as 0791234567, inserted or updated', async (phone) => {
    const res = await P.client.from('webshop_customer_address').insert({ customer_id: P.userId, ...BASE.webshop_customer_address, phone }).select().single();
    expect(res.error).toBeNull();
    expect((res.data as Row).phone).toBe('0791234567');
    const key = await baseRow('webshop_customer_address', { phone: '0521234567' });
    const updated = await P.client.from('webshop_customer_address').update({ phone }).eq(key[0], key[1]).select().single();
    expect((updated.data as Row).phone).toBe('0791234567');
  });

  it('card and voluntary numbers are stored without spaces, in both forms of the insurance', async () => {
    const res = await P.client
      .from('webshop_customer_insurance')
      .insert({ customer_id: P.userId, ...BASE.webshop_customer_insurance, veka_nr: ' 8075 6012 3400 1234 5678 ', additional_insurance: 'Sanitas', additional_insurance_nr: '55 66 77' })
      .select()
      .single();
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ veka_nr: '80756012340012345678', insurance_nr: '80756012340012345678', additional_insurance_nr: '556677', voluntary_insurance_nr: '556677' });
  });
});

// ---------------------------------------------------------------------------------------------
// A migration must not fail on data that was valid yesterday (supabase/README.md, form rules)
describe('the migration on a database from before it', () => {
  let scratch: Scratch;
  const DEMO2 = 'de000000-0000-4000-8000-000000000002';
  const notValid = async () => (await checkConstraints(scratch.db)).filter((c) => !c.validated).map((c) => c.name).sort();

  beforeAll(async () => {
    scratch = await scratchDatabase(inject('databaseUrl'));
    await migrateBefore(scratch.db, FORM_RULES_MIGRATION);
    await runFile(scratch.db, 'seed.sql');
  }, 120_000);
  afterAll(async () => {
    await scratch?.close();
  });

  it('on the seed alone, validates every constraint', async () => {
    const rollback = new Error('rollback');
    await expect(
      scratch.db.transaction(async (tx) => {
        await tx.exec(await readFile(join(PROJECT_DIR, 'migrations', FORM_RULES_MIGRATION), 'utf8'));
        const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from pg_constraint where contype = 'c' and not convalidated`);
        expect(rows[0]!.n).toBe(0);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('keeps the rows it finds, normalises their numbers, and judges every write from then on', async () => {
    const db = scratch.db;
    // rows the old schema took: base data without birthday, odd phone and zip, an insurer no
    // longer listed, spaces in numbers, no weight, a partner that left the list
    await db.exec(`
      insert into public.webshop_customers (id, first_name, last_name, gender, language) values ('${DEMO2}', 'Lea', 'Alt', 2, 'de');
      insert into public.webshop_customer_address (customer_id, street, street_nr, zip, city, phone) values
        ('${DEMO2}', 'Seeweg', '4', '6000', 'Luzern', '+41 41 123 45 67'),
        ('${DEMO2}', 'Seeweg', '4', '600', 'Luzern', '123');
      insert into public.webshop_customer_insurance (customer_id, insurance, veka_nr, police_nr, additional_insurance_nr) values
        ('${DEMO2}', 'Alte Kasse', '8075 6012 3400 1234 5678', '1', '55 66');
      insert into public.webshop_customer_questionnaire (customer_id, weight, size) values ('${DEMO2}', null, 170);
      insert into public.webshop_customer_additional_info (customer_id, prescription_send_method, prescription_location, send_all) values
        ('${DEMO2}', 'espace', 'praxis-geschlossen', true);`);
    await runFile(db, join('migrations', FORM_RULES_MIGRATION));

    // the CHECKs the old rows break stay NOT VALID; all others are validated
    expect(await notValid()).toEqual(['webshop_customer_address_phone_format', 'webshop_customer_address_zip_format']);
    const phones = await db.query<{ phone: string }>(`select phone from public.webshop_customer_address where customer_id = $1 order by id`, [DEMO2]);
    expect(phones.rows.map((r) => r.phone)).toEqual(['0411234567', '123']);
    const insurance = await db.query(`select insurance, veka_nr, additional_insurance_nr from public.webshop_customer_insurance where customer_id = $1`, [DEMO2]);
    expect(insurance.rows).toEqual([{ insurance: 'Alte Kasse', veka_nr: '80756012340012345678', additional_insurance_nr: '5566' }]);

    const fails = (sql: string, rule: ServerRuleName) => expect(db.query(sql)).rejects.toMatchObject({ code: '23514', constraint: rule });
    // a NOT VALID CHECK still holds for new rows and for every update of an old row
    await fails(`insert into public.webshop_customer_address (customer_id, street, street_nr, zip, city, phone) values ('${DEMO2}', 'A', '1', '6000', 'B', '123')`, 'webshop_customer_address_phone_format');
    await fails(`update public.webshop_customer_address set city = 'Kriens' where phone = '123'`, 'webshop_customer_address_phone_format');
    await db.query(`update public.webshop_customer_address set phone = '041 987 65 43', zip = '6010', city = 'Kriens' where phone = '123'`);
    // the triggers judge what a write changes: the old gaps and list entries stay editable around
    await db.query(`update public.webshop_customers set language = 'fr' where id = $1`, [DEMO2]);
    await db.query(`update public.webshop_customer_questionnaire set size = 171 where customer_id = $1`, [DEMO2]);
    await db.query(`update public.webshop_customer_insurance set police_nr = '2' where customer_id = $1`, [DEMO2]);
    await db.query(`update public.webshop_customer_additional_info set send_asap = true where customer_id = $1`, [DEMO2]);
    // ... and refuse what a write sets
    await fails(`update public.webshop_customer_insurance set insurance = 'Neue Kasse' where customer_id = '${DEMO2}'`, 'webshop_customer_insurance_insurance_known');
    await fails(`update public.webshop_customer_additional_info set prescription_location = 'praxis-neu' where customer_id = '${DEMO2}'`, 'webshop_customer_additional_info_prescription_location_partner');
    await fails(`insert into public.webshop_customer_questionnaire (customer_id, size) values ('${DEMO2}', 170)`, 'webshop_customer_questionnaire_weight_required');
  });
});

// ---------------------------------------------------------------------------------------------
// spec §4 Profile setup, §7 Data service: the app's own writes through its outbox
describe("today's app writes pass", () => {
  const insurers = async () => [...new Set((must(await anonClient().from('pharmindex_insurance').select('descr1'), 'insurers') as { descr1: string }[]).map((r) => r.descr1))];

  it('an onboarding run: the six steps and the send-asap answer are stored, none refused', async () => {
    const N = await signUpPatient();
    const d = await device(N.client, N.userId);
    const v = onboardingValues(zurichDay(0), await insurers());
    const queued = [
      await saveBaseData(d.ctx, N.userId, v.base),
      await saveAddress(d.ctx, N.userId, v.address),
      await saveInsurance(d.ctx, N.userId, v.insurance),
      await saveQuestionnaire(d.ctx, N.userId, v.questionnaire),
      await saveOrderDefaults(d.ctx, N.userId, v.defaults),
      await saveSendMethod(d.ctx, N.userId, v.sendMethod),
      await setSendAsap(d.ctx, N.userId, true),
    ];
    expect(queued.every((q) => q.ok)).toBe(true);
    expect(await d.send()).toMatchObject({ sent: 7, rejected: 0, failed: 0 });
    expect(await d.left()).toEqual([]);
    const address = await stored('webshop_customer_address', ['customer_id', N.userId]);
    expect(address).toMatchObject({ phone: '0411234567', address2: null });
  });

  it("the demo patient's profile edits, field by field, then the send method changed, answered, reset and chosen again", async () => {
    const D = await signUpPatient();
    await copyDemoProfile(D.userId);
    const d = await device(D.client, D.userId);
    const edits = [
      await saveAddress(d.ctx, D.userId, { street: 'Marktgasse' }),
      await saveAddress(d.ctx, D.userId, { phone: '0797654321', address2: null }),
      await saveInsurance(d.ctx, D.userId, { police_nr: '4711-0815-13' }),
      await saveInsurance(d.ctx, D.userId, { additional_insurance: null, additional_insurance_nr: null }),
      await saveQuestionnaire(d.ctx, D.userId, { weight: 67 }),
      await saveQuestionnaire(d.ctx, D.userId, { d_diabetes: false, d_high_bp: false, d_others: '' }),
      await saveOrderDefaults(d.ctx, D.userId, { generic: true, substitute: true, probon: true, get_invoice: false, comment: 'x'.repeat(2000) }),
      await saveSendMethod(d.ctx, D.userId, { prescription_send_method: 'espace', prescription_location: 'cm-leman', send_all: true, description: null, doc_name: null, cpg_name: null }),
      await setSendAsap(d.ctx, D.userId, false),
    ];
    expect(edits.every((e) => e.ok)).toBe(true);
    expect(await d.send()).toMatchObject({ sent: edits.length, rejected: 0, failed: 0 });
    expect((await resetSendMethod(d.ctx, D.userId)).ok).toBe(true);
    expect(await d.send()).toMatchObject({ sent: 1, rejected: 0 });
    await pullCustomer(D.client, d.db, D.userId);
    expect((await saveSendMethod(d.ctx, D.userId, { prescription_send_method: 'email', prescription_location: null, send_all: null, description: null, doc_name: 'Dr. Roth', cpg_name: 'Praxis Roth' })).ok).toBe(true);
    expect(await d.send()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await d.left()).toEqual([]);
  });

  // spec §7 upserts: Postgres meets the proposed row of an upsert with the CHECKs before it knows
  // the row exists; presence is judged by the trigger on the row as stored
  it('an upsert by id with some fields is judged on the stored row; a first name on a locked profile stays 403', async () => {
    const key = await baseRow('webshop_customer_address');
    const partial = await P.client.from('webshop_customer_address').upsert({ id: key[1], customer_id: P.userId, street: 'Marktgasse' }).select().single();
    expect(partial.error).toBeNull();
    expect(partial.data).toMatchObject({ street: 'Marktgasse', phone: BASE.webshop_customer_address.phone });
    expectRefused(await P.client.from('webshop_customer_address').upsert({ id: key[1], customer_id: P.userId, street: ' ' }).select(), 'webshop_customer_address_street_required');
    const locked = await P.client.from('webshop_customers').upsert({ id: P.userId, first_name: 'Annette' }, { onConflict: 'id' }).select();
    expect([locked.status, locked.error?.message]).toEqual([403, 'personal_data_locked']);
  });

  it('a send-method reset of the spec (prescription_send_method set to null) and a delete pass', async () => {
    const key = await baseRow('webshop_customer_additional_info', ESPACE);
    const reset = await P.client.from('webshop_customer_additional_info').update({ prescription_send_method: null }).eq(key[0], key[1]).select();
    expect([reset.status, reset.error]).toEqual([200, null]);
    const gone = await P.client.from('webshop_customer_additional_info').delete().eq(key[0], key[1]).select();
    expect([gone.error, gone.data?.length]).toEqual([null, 1]);
  });
});
