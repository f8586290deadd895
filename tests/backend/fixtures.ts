// Shared setup of the backend suites (not a test file): patients with a complete profile made
// through supabase-js as themselves (spec §3, §7 Data service), prescriptions and orders that only
// the pharmacy (service_role) can write, catalogue picks, counts, function error bodies.
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { encodeChmed16a } from '../../src/domain/emediplan/chmed16a.ts';
import type { Chmed16aDocument } from '../../src/domain/emediplan/chmed16a-model.ts';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Catalogue articles a test adds for a while have pharmacodes from here on (the seed's are below 10,000,000). */
export const TEST_ARTICLES_FROM = 90_000_000;

/** Throws with the PostgREST error when a fixture write fails, so setup errors are visible. */
export function must<T>(res: { data: T; error: { message: string; code?: string } | null }, what: string): NonNullable<T> {
  if (res.error || res.data === null || res.data === undefined) {
    throw new Error(`${what}: ${res.error?.code ?? ''} ${res.error?.message ?? 'no data'}`);
  }
  return res.data as NonNullable<T>;
}

type Row = Record<string, unknown> & { id: number };

/** Every row of a catalogue table, in pages of 500 by pharmacode, read with the service key. */
export async function allRows<T>(table: string, columns: string): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += 500) {
    const page = must(await serviceClient().from(table).select(columns).order('pharmacode').range(from, from + 499), table) as T[];
    rows.push(...page);
    if (page.length < 500) return rows;
  }
}

export interface ProfileRows {
  customer: Record<string, unknown>;
  address: Row;
  insurance: Row;
  questionnaire: Row;
  orderDefaults: Row;
  additionalInfo: Row;
}

export interface Patient extends SignedUpPatient {
  profile: ProfileRows;
}

export const ADDRESS = { street: 'Bahnhofstrasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld' };
export const PHONE = '0791234567';

/** A complete questionnaire as the app's form saves it (spec §5 Questionnaire). */
export const QUESTIONNAIRE = {
  weight: 72,
  size: 168,
  d_diabetes: false,
  d_high_bp: true,
  d_liver: false,
  d_blood_clotting: false,
  d_kidney: false,
  d_bronchi: false,
  d_others: null,
  a_penicillin: true,
  a_sulfonamide: false,
  a_asa: false,
  a_other: null,
  external_medications: [],
};

/**
 * The onboarding writes of spec §7, made by the patient's own client. Insurance and questionnaire
 * are inserted (a save without id inserts, supabase/README.md); their upsert is tested on its own
 * in rls-matrix.test.ts, so that a defect there does not hide everything else.
 */
export async function createProfile(p: SignedUpPatient, firstName = 'Anna'): Promise<ProfileRows> {
  const c = p.client;
  const customer = must(
    await c.from('webshop_customers')
      .upsert({ id: p.userId, first_name: firstName, last_name: 'Muster', gender: 2, birthday: '1970-05-17', language: 'de' }, { onConflict: 'id' })
      .select()
      .single(),
    'customer upsert',
  );
  const address = must(await c.from('webshop_customer_address').upsert({ customer_id: p.userId, ...ADDRESS, phone: '0791234567' }).select().single(), 'address');
  const insurance = must(
    await c.from('webshop_customer_insurance')
      .insert({ customer_id: p.userId, insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '4711', additional_insurance: null, additional_insurance_nr: null })
      .select()
      .single(),
    'insurance',
  );
  const questionnaire = must(
    await c.from('webshop_customer_questionnaire')
      .insert({ customer_id: p.userId, weight: 70, size: 170, d_diabetes: true, a_penicillin: false, external_medications: [712345] })
      .select()
      .single(),
    'questionnaire',
  );
  const orderDefaults = must(
    await c.from('webshop_customer_order_defaults').insert({ customer_id: p.userId, generic: false, substitute: true, probon: true, get_invoice: false }).select().single(),
    'order defaults',
  );
  const additionalInfo = must(
    await c.from('webshop_customer_additional_info')
      .upsert({ prescription_send_method: 'post', send_all: true, description: null, doc_name: 'Dr. med. Keller', cpg_name: 'Praxis am Bahnhof' })
      .select()
      .single(),
    'additional info',
  );
  return { customer, address, insurance, questionnaire, orderDefaults, additionalInfo } as ProfileRows;
}

export async function patientWithProfile(firstName?: string): Promise<Patient> {
  const p = await signUpPatient();
  return { ...p, profile: await createProfile(p, firstName) };
}

/** Originals (gencd 'O') in trade: distinct pharmacodes to prescribe in tests. */
export async function pharmacodes(n: number): Promise<number[]> {
  const rows = must(
    await serviceClient().from('pharmindex').select('pharmacode').eq('gencd', 'O').eq('nincd', 10).order('pharmacode').limit(n),
    'pharmacodes',
  );
  if (rows.length < n) throw new Error(`only ${rows.length} pharmacodes`);
  return rows.map((r) => Number(r.pharmacode));
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A prescription entered by the pharmacy (patients cannot write them). */
export async function prescribe(
  customerId: string,
  medicationId: number,
  opts: { expiresInDays?: number; singleUse?: boolean; used?: boolean } = {},
): Promise<Row> {
  return must(
    await serviceClient()
      .from('webshop_customer_medication')
      .insert({
        customer_id: customerId,
        medication_id: medicationId,
        dosage: [1, 0, 1, 0],
        expires_at: day(opts.expiresInDays ?? 180),
        single_use: opts.singleUse ?? false,
        used: opts.used ?? false,
        intake: 'zu den Mahlzeiten',
      })
      .select()
      .single(),
    'prescription',
  ) as Row;
}

/**
 * A prescription in force from 2026 through the end of 2027 with this dosage (morning, noon,
 * evening, night): due on the reminders' fake days of those years.
 */
export async function prescribeFor2027(customerId: string, pharmacode: number, dosage: number[] = [1, 0, 0, 0]): Promise<number> {
  const row = must(
    await serviceClient()
      .from('webshop_customer_medication')
      .insert({ customer_id: customerId, medication_id: pharmacode, dosage, expires_at: '2027-12-31', created_at: '2026-01-01T00:00:00Z' })
      .select('id')
      .single(),
    'prescription',
  ) as { id: number };
  return row.id;
}

/** An order with one item, inserted by the pharmacy (service_role). */
export async function insertOrder(customerId: string, pharmacode: number, amount = 2): Promise<{ order: Row; item: Row }> {
  const svc = serviceClient();
  const order = must(await svc.from('webshop_order').insert({ customer_id: customerId, status: 0, ...ADDRESS }).select().single(), 'order') as Row;
  const item = must(await svc.from('webshop_order_item').insert({ order_id: order.id, pharmacode, amount }).select().single(), 'order item') as Row;
  return { order, item };
}

/** A column = value filter. */
export type Eq = [column: string, value: unknown];

/** Exact row count through the service client (bypasses RLS), optionally of the rows where column = value. */
export async function count(table: string, eq?: Eq): Promise<number> {
  const q = serviceClient().from(table).select('*', { count: 'exact', head: true });
  const { count: n, error } = await (eq ? q.eq(eq[0], eq[1]) : q);
  if (error || n === null) throw new Error(`count ${table}: ${error?.message}`);
  return n;
}

/** Status and JSON body of a failed functions.invoke (FunctionsHttpError.context is the Response). */
export async function functionError(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: res.status, body: { text } };
  }
}

/** The webshopOrder body of spec §7 with the test address. */
export function orderBody(customerId: string, medications: unknown, overrides: Record<string, unknown> = {}) {
  return {
    p_customer_id: customerId,
    p_medications: medications,
    p_street: ADDRESS.street,
    p_street_nr: ADDRESS.street_nr,
    p_address2: ADDRESS.address2,
    p_zip: ADDRESS.zip,
    p_city: ADDRESS.city,
    p_comment: 'Bitte klingeln.',
    p_generic: false,
    p_substitute: true,
    p_probon: true,
    p_get_invoice: false,
    ...overrides,
  };
}

export const newKey = () => randomUUID();

/** The current 6-digit code of a TOTP secret (base32, from supabase.auth.mfa.enroll). */
export const totpCode = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

export type { SupabaseClient };

/** A HIN e-prescription link for this patient, as a doctor's software writes it (issue 27); its Id a fresh UUID unless given. */
export async function hinLink(p: Patient, over: Partial<Chmed16aDocument> = {}): Promise<string> {
  const code = await encodeChmed16a({
    rev: 2,
    MedType: 3,
    Id: randomUUID(),
    Auth: '7601000000017',
    Dt: new Date(Date.now() - 3_600_000).toISOString(),
    Patient: { FName: String(p.profile.customer.first_name), LName: 'Muster', BDt: '1970-05-17', Lng: 'de' },
    HcPerson: { Gln: '7601000000017', FName: 'Jürg', LName: 'Bärtschi' },
    HcOrg: { Name: 'Praxis Zürichberg', Street: 'Gloriastrasse 1', Zip: '8006', City: 'Zürich' },
    Medicaments: [{ Id: '2333266', IdType: 3, Pos: [{ D: [0.5, 0, 1, 0] }], AppInstr: 'Nach dem Essen' }],
    ...over,
  });
  return `https://eprescription.hin.ch/#${code}&i=Dr.%20J%C3%BCrg%20B%C3%A4rtschi&t=${Math.floor(Date.now() / 1000)}&s=${'0f'.repeat(64)}`;
}

/** The function ePrescription as the app's outbox calls it (issue 37): status and body of its answer. */
export async function storeEPrescription(
  client: SupabaseClient,
  raw: string,
  { summary = { doctor: { name: 'Jürg Bärtschi', organisation: 'Praxis Zürichberg' } }, key = randomUUID(), customerId }: { summary?: unknown; key?: string; customerId?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = { raw, summary, ...(customerId === undefined ? {} : { customer_id: customerId }) };
  const { data, error } = await client.functions.invoke('ePrescription', { body, headers: { 'Idempotency-Key': key } });
  return error ? functionError(error) : { status: 200, body: data as Record<string, unknown> };
}
