// Today's app writing through its outbox (not a test file), for form-rules.test.ts: a device
// (its own mirror on fake-indexeddb) of a patient, and the values the forms hand to the save
// commands, made by the forms' own schemas from what a patient types.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { claimMirror } from '../../src/data/local/mirror-owner.ts';
import type { OutboxContext } from '../../src/data/outbox/commands.ts';
import type { TypedOutboxEntry } from '../../src/data/outbox/kinds.ts';
import { createReplayer } from '../../src/data/outbox/replay.ts';
import { pullCustomer } from '../../src/data/pull/pull.ts';
import { addressWithPhoneSchema } from '../../src/domain/schemas/address.ts';
import { baseDataSchema } from '../../src/domain/schemas/base-data.ts';
import { insuranceSchema } from '../../src/domain/schemas/insurance.ts';
import { orderDefaultsSchema } from '../../src/domain/schemas/order-defaults.ts';
import { questionnaireSchema } from '../../src/domain/schemas/questionnaire.ts';
import { sendMethodSchema } from '../../src/domain/schemas/send-method.ts';
import { validate } from '../../src/domain/schemas/validate.ts';
import type * as v from 'valibot';
import { addressSave } from '../../src/ui/profile-forms/basedata-values.ts';
import { serviceClient } from '../setup/clients.ts';
import { must, type SupabaseClient } from './fixtures.ts';

type Row = Record<string, unknown>;

export interface Device {
  db: LocalDb;
  ctx: OutboxContext;
  /** one replay pass of the outbox */
  send: () => Promise<{ sent: number; rejected: number; failed: number }>;
  /** the entries still in the outbox (rejected ones stay) */
  left: () => Promise<TypedOutboxEntry[]>;
}

/** A device of the patient, its mirror pulled from the server. */
export async function device(client: SupabaseClient, userId: string): Promise<Device> {
  const db = openLocalDb(`form-rules-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await claimMirror(db, userId);
  await pullCustomer(client, db, userId);
  const replayer = createReplayer({ db, client, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
  return {
    db,
    ctx: { db, newId: randomUUID, now: Date.now, appended: () => {} },
    send: () => replayer.replay({ force: true }),
    left: () => db.outbox.orderBy('seq').toArray() as Promise<TypedOutboxEntry[]>,
  };
}

/** The output of a form's schema for what the patient typed; throws with the field messages otherwise. */
export function formOutput<const S extends v.GenericSchema>(schema: S, typed: unknown): v.InferOutput<S> {
  const result = validate(schema, typed);
  if (!result.success) throw new Error(`the form refuses ${JSON.stringify(typed)}: ${JSON.stringify(result.errors)}`);
  return result.output;
}

/** What the onboarding forms save for a patient who types like people do (spaces in numbers, a decimal comma). */
export function onboardingValues(today: string, insurers: readonly string[]) {
  const base = formOutput(baseDataSchema(today), { first_name: ' Lea ', last_name: 'Neuhaus', birthday: '1984-03-09', gender: '2' });
  const address = addressSave(
    formOutput(addressWithPhoneSchema, { street: 'Seeweg', street_nr: '4', address2: '', zip: '6000', city: 'Luzern', phone: '041 123 45 67' }),
  );
  const ins = formOutput(insuranceSchema(insurers), {
    insurance: 'Concordia',
    veka_nr: '8075 6012 3400 1234 5678',
    police_nr: 'P-4711',
    additional_insurance: '',
    additional_insurance_nr: '',
  });
  const insurance = { ...ins, additional_insurance: ins.additional_insurance || null, additional_insurance_nr: ins.additional_insurance_nr || null };
  const q = formOutput(questionnaireSchema, {
    weight: '72,5',
    size: '168',
    has_diagnoses: true,
    d_high_bp: true,
    d_others: 'Migräne',
    has_allergies: false,
    a_penicillin: true,
    a_other: 'Pollen',
    external_medications: ['712345', '767890'],
  });
  const questionnaire = { ...q, external_medications: q.external_medications.map(Number) };
  const defaults = formOutput(orderDefaultsSchema, { generic: true, substitute: false, probon: true, get_invoice: false, comment: ' Bitte klingeln. ' });
  const method = formOutput(sendMethodSchema, { prescription_send_method: 'espace', prescription_location: 'apo-rosenberg', send_all: false, description: 'Nur das Insulin' });
  if (method.prescription_send_method !== 'espace') throw new Error('espace expected');
  // as send-prescription.tsx hands a choice to saveSendMethod
  const sendMethod = {
    prescription_send_method: method.prescription_send_method,
    prescription_location: method.prescription_location,
    send_all: method.send_all,
    description: method.description || null,
    doc_name: null,
    cpg_name: null,
  };
  return { base, address, insurance, questionnaire, defaults, sendMethod };
}

const DEMO_ID = 'de000000-0000-4000-8000-000000000001';

/** The demo patient's profile (the latest row of each list, as the seed made it) as another patient's. */
export async function copyDemoProfile(userId: string): Promise<void> {
  const demo = must(
    await serviceClient()
      .from('webshop_customers')
      .select('first_name, last_name, gender, birthday, language, webshop_customer_address(*), webshop_customer_insurance(insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr, id), webshop_customer_questionnaire(*), webshop_customer_order_defaults(*), webshop_customer_additional_info(*)')
      .eq('id', DEMO_ID)
      .single(),
    'demo patient',
  ) as Row;
  must(await serviceClient().from('webshop_customers').insert({ id: userId, first_name: demo.first_name, last_name: demo.last_name, gender: demo.gender, birthday: demo.birthday, language: demo.language }).select().single(), 'customer');
  for (const table of ['webshop_customer_address', 'webshop_customer_insurance', 'webshop_customer_questionnaire', 'webshop_customer_order_defaults', 'webshop_customer_additional_info'] as const) {
    const latest = [...(demo[table] as Row[])].sort((a, b) => Number(b.id) - Number(a.id))[0]!;
    const { id: _id, customer_id: _owner, created_at: _at, bmi: _bmi, ...fields } = latest;
    must(await serviceClient().from(table).insert({ ...fields, customer_id: userId }).select().single(), `demo ${table}`);
  }
}
