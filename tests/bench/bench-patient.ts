// Shared setup of the benchmarks that replay the outbox (not a bench file): a local stack on
// in-memory PGlite and a patient with a complete profile (the onboarding writes of spec §7, made
// by the patient's own client) and prescriptions of originals in trade (written by the pharmacy).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { startStack } from '../../supabase/local/server.ts';
import { testStackConfig } from '../setup/local-stack.ts';

export const ADDRESS = { street: 'Bahnhofstrasse', street_nr: '12', address2: null, zip: '8500', city: 'Frauenfeld', phone: '0791234567' };
export const QUESTIONNAIRE = {
  weight: 70, size: 170, d_diabetes: false, d_high_bp: false, d_liver: false, d_blood_clotting: false, d_kidney: false, d_bronchi: false,
  d_others: null, a_penicillin: false, a_sulfonamide: false, a_asa: false, a_other: null, external_medications: [] as number[],
};
export const INSURANCE = { insurance: 'CSS', veka_nr: '80756012340012345678', police_nr: '4711', additional_insurance: null, additional_insurance_nr: null };
export const CUSTOMER_SELECT =
  '*, webshop_customer_address(*), webshop_customer_insurance(*), webshop_customer_questionnaire(*), webshop_customer_order_defaults(*), webshop_customer_additional_info(*), webshop_customer_medication(*)';

export async function must<T>(p: PromiseLike<{ data: T; error: { message: string } | null }>, what: string): Promise<NonNullable<T>> {
  const { data, error } = await p;
  if (error || data === null || data === undefined) throw new Error(`${what}: ${error?.message ?? 'no data'}`);
  return data as NonNullable<T>;
}

export async function startBenchStack() {
  const stack = await startStack(testStackConfig(), { seed: true, log: (l) => (/^(applied|seeded) /.test(l) ? undefined : console.log(`[stack] ${l}`)) });
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };
  const service = createClient(stack.url, stack.config.serviceRoleKey, options);
  const patient = createClient(stack.url, stack.config.anonKey, options);
  return { stack, service, patient };
}

/** Signs `patient` up with a complete profile and `prescriptions` active prescriptions; answers the user id and the prescribed pharmacodes. */
export async function benchPatient(service: SupabaseClient, patient: SupabaseClient, prescriptions = 2): Promise<{ userId: string; codes: number[] }> {
  const signUp = await patient.auth.signUp({ email: `bench-${randomUUID().slice(0, 8)}@example.test`, password: 'Rezept-Bench-2024!' });
  if (signUp.error || !signUp.data.user) throw new Error(`sign-up: ${signUp.error?.message}`);
  const userId = signUp.data.user.id;
  await must(patient.from('webshop_customers').upsert({ id: userId, first_name: 'Bea', last_name: 'Bench', gender: 2, birthday: '1970-05-17', language: 'de' }).select().single(), 'customer');
  await must(patient.from('webshop_customer_address').insert({ customer_id: userId, ...ADDRESS }).select().single(), 'address');
  await must(patient.from('webshop_customer_insurance').insert({ customer_id: userId, ...INSURANCE }).select().single(), 'insurance');
  await must(patient.from('webshop_customer_questionnaire').insert({ customer_id: userId, ...QUESTIONNAIRE }).select().single(), 'questionnaire');
  await must(patient.from('webshop_customer_order_defaults').insert({ customer_id: userId, generic: false, substitute: true, probon: true, get_invoice: false }).select().single(), 'defaults');
  await must(patient.from('webshop_customer_additional_info').insert({ prescription_send_method: 'post', send_all: true, doc_name: 'Dr. Bench', cpg_name: 'Praxis' }).select().single(), 'info');
  const codes = (await must(service.from('pharmindex').select('pharmacode').eq('gencd', 'O').eq('nincd', 10).order('pharmacode').limit(prescriptions), 'pharmacodes')).map((r) => Number(r.pharmacode));
  const expires = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
  for (const code of codes) {
    await must(service.from('webshop_customer_medication').insert({ customer_id: userId, medication_id: code, dosage: [1, 0, 1, 0], expires_at: expires }).select().single(), 'prescription');
  }
  return { userId, codes };
}
