// Issue 38 item 2: the dose reminders ask the database which doses of a period are due
// (`dose_reminder_doses`, migration 20261126100800_intake_course.sql); the app answers the same
// question with src/domain/intake-course.ts. The prescriptions of tests/fixtures/intake-cases.ts
// are stored for one patient as the pharmacy stores them, read back, and both rules are asked
// about every dose from 50 days ago to 12 days ahead: they must agree on each. Spec §4
// Prescriptions, Intake period; decision 0046.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dosesDueBetween } from '../../src/domain/doses/doses-due';
import type { Order, OrderItem, Prescription } from '../../src/domain/entities';
import { INTAKE_PERIODS } from '../../src/domain/intake-plan';
import { addDays } from '../../src/domain/zoned-time';
import { serviceClient } from '../setup/clients.ts';
import { ADDRESS, must, patientWithProfile, type Patient } from './fixtures.ts';
import { casePharmacode, INTAKE_CASES, CASE_PHARMACODE_BASE } from '../fixtures/intake-cases.ts';

const TODAY = '2026-11-20';
const FROM = addDays(TODAY, -50);
const TO = addDays(TODAY, 12);
let patient: Patient;

beforeAll(async () => {
  const db = serviceClient();
  must(
    await db
      .from('pharmindex')
      .insert(INTAKE_CASES.map((c, i) => ({ pharmacode: casePharmacode(i), dscrd: `INTAKE CASE ${i} Tabl`, nincd: 10, qty: c.qty, qtyu: 'Tabl' })))
      .select('pharmacode'),
    'test articles',
  );
  patient = await patientWithProfile('Ida');
  for (const [i, c] of INTAKE_CASES.entries()) {
    must(
      await db
        .from('webshop_customer_medication')
        .insert({
          customer_id: patient.userId,
          medication_id: casePharmacode(i),
          dosage: c.dosage,
          expires_at: addDays(TODAY, c.expiresInDays),
          single_use: c.single_use,
          used: c.used,
          created_at: `${addDays(TODAY, -c.createdDaysAgo)}T08:00:00+01:00`,
        })
        .select('id'),
      'prescription',
    );
    for (const o of c.orders) {
      const row = must(
        await db.from('webshop_order').insert({ customer_id: patient.userId, status: o.status, created_at: `${addDays(TODAY, -o.daysAgo)}T11:00:00+01:00`, ...ADDRESS }).select('id').single(),
        'order',
      ) as { id: number };
      must(await db.from('webshop_order_item').insert({ order_id: row.id, pharmacode: casePharmacode(i), amount: o.packs }).select('id'), 'order item');
    }
  }
});

afterAll(async () => {
  const db = serviceClient();
  await db.from('webshop_customers').delete().eq('id', patient.userId);
  await db.from('pharmindex').delete().gte('pharmacode', CASE_PHARMACODE_BASE).lt('pharmacode', CASE_PHARMACODE_BASE + INTAKE_CASES.length);
});

describe('the reminders and the app: one rule of what the patient takes', () => {
  it('every dose of the 63 days: the database and the app name the same prescriptions', async () => {
    const db = serviceClient();
    // what the app's mirror holds, read as the pull reads it
    const prescriptions = must(await db.from('webshop_customer_medication').select('*').eq('customer_id', patient.userId).order('id'), 'prescriptions') as (Prescription & { created_at: string })[];
    const orders = (must(await db.from('webshop_order').select('*, webshop_order_item(*)').eq('customer_id', patient.userId), 'orders') as (Order & { webshop_order_item: OrderItem[] })[]).map((o) => ({ ...o, children: [] }));
    const articles = must(await db.from('pharmindex').select('pharmacode, qty').in('pharmacode', INTAKE_CASES.map((_, i) => casePharmacode(i))), 'articles') as { pharmacode: number; qty: number | null }[];
    const supply = { orders, medications: new Map(articles.map((a) => [Number(a.pharmacode), { qty: a.qty === null ? null : Number(a.qty) }])) };
    const app = new Map<string, number[]>();
    for (const dose of dosesDueBetween(prescriptions, FROM, TO, supply).doses) {
      const key = `${dose.day} ${dose.period}`;
      app.set(key, [...(app.get(key) ?? []), dose.prescription_id]);
    }

    const disagreements: string[] = [];
    let doses = 0;
    for (let day = FROM; day <= TO; day = addDays(day, 1)) {
      for (const period of INTAKE_PERIODS) {
        const rows = must(await db.rpc('dose_reminder_doses', { p_customer_id: patient.userId, p_day: day, p_period: period }), 'dose_reminder_doses') as { prescription_id: number }[];
        const server = rows.map((r) => Number(r.prescription_id));
        const expected = app.get(`${day} ${period}`) ?? [];
        doses += server.length;
        if (JSON.stringify(server) !== JSON.stringify(expected)) disagreements.push(`${day} ${period}: server ${server.join(',')} app ${expected.join(',')}`);
      }
    }
    expect(disagreements).toEqual([]);
    // the cases hold finished, running and unbounded courses: the comparison is not of empty lists
    expect(doses).toBeGreaterThan(300);
  });

  it('a finished course is no longer due: no reminder for it, today or on the days after', async () => {
    const finished = INTAKE_CASES.findIndex((c) => c.name.startsWith('a finished antibiotic course'));
    const rows = must(await serviceClient().rpc('dose_reminder_doses', { p_customer_id: patient.userId, p_day: TODAY, p_period: 'evening' }), 'dose_reminder_doses') as { pharmacode: number }[];
    expect(rows.map((r) => Number(r.pharmacode))).not.toContain(casePharmacode(finished));
    // the course whose last tablets are today's morning and noon: due at noon, not in the evening
    const lastToday = casePharmacode(INTAKE_CASES.findIndex((c) => c.name.startsWith('a course whose last tablets')));
    const noon = must(await serviceClient().rpc('dose_reminder_doses', { p_customer_id: patient.userId, p_day: TODAY, p_period: 'noon' }), 'noon') as { pharmacode: number }[];
    expect(noon.map((r) => Number(r.pharmacode))).toContain(lastToday);
    expect(rows.map((r) => Number(r.pharmacode))).not.toContain(lastToday);
  });
});
