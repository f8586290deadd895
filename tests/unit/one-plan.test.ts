// Issue 38 item 2: one rule for "what the patient takes today" (src/domain/intake-course.ts),
// and every consumer of the app answers by it. The same prescriptions (tests/fixtures/
// intake-cases.ts) go to the dashboard's plan and its check-offs, a day to fill in, the week
// grid and the 30 days of the history, the doctor's report, the eMediplan with its code, print
// and calendar; each must say what the rule says. The reminders' SQL gets the same cases in
// tests/backend/intake-course.test.ts. Spec §2 dashboard, §4 Prescriptions, Intake period.
import { describe, expect, it } from 'vitest';
import { medicationAdherence, weekGrid } from '../../src/domain/doses/adherence';
import { dosesDueOn } from '../../src/domain/doses/doses-due';
import { doseReport } from '../../src/domain/doses/report';
import { decodeChmed16a, encodeChmed16a } from '../../src/domain/emediplan/chmed16a';
import { planFromPrescriptions } from '../../src/domain/emediplan/plan-from-prescriptions';
import { planReminders } from '../../src/domain/emediplan/plan-reminders';
import { planSheet } from '../../src/domain/emediplan/plan-sheet';
import type { CustomerRecord, Medication, Order, Prescription } from '../../src/domain/entities';
import type { IntakeSupply } from '../../src/domain/intake-course';
import { INTAKE_PERIODS } from '../../src/domain/intake-plan';
import { addDays } from '../../src/domain/zoned-time';
import { dashboardModel } from '../../src/features/dashboard/dashboard-rows';
import { casePharmacode, INTAKE_CASES, type IntakeCase } from '../fixtures/intake-cases';

const TODAY = '2026-11-20';
const NOW = new Date(`${TODAY}T10:00:00+01:00`);
const CURRENT = { day: TODAY, period: 'morning' } as const;

const name = (i: number): string => `CASE ${i} Tabl`;
let nextOrder = 1;
const prescriptionOf = (c: IntakeCase, i: number): Prescription & { created_at: string } => ({
  id: i + 1,
  customer_id: 'u1',
  medication_id: casePharmacode(i),
  dosage: c.dosage,
  comment: null,
  expires_at: addDays(TODAY, c.expiresInDays),
  single_use: c.single_use,
  used: c.used,
  intake: null,
  created_at: `${addDays(TODAY, -c.createdDaysAgo)}T08:00:00+01:00`,
});
const ordersOf = (c: IntakeCase, i: number): Order[] =>
  c.orders.map((o) => ({
    id: nextOrder++,
    created_at: `${addDays(TODAY, -o.daysAgo)}T11:00:00+01:00`,
    customer_id: 'u1',
    parent: null,
    status: o.status,
    children: [],
    webshop_order_item: [{ id: nextOrder++, pharmacode: casePharmacode(i), amount: o.packs }],
    delivery_nr: null,
    delivery_method: null,
    comment: null,
  }));
const medicationOf = (c: IntakeCase, i: number): Medication => ({
  pharmacode: casePharmacode(i),
  prdno: null,
  dscrd: name(i),
  dscrf: null,
  nincd: 10,
  qty: c.qty,
  qtyu: 'Tabl',
  sloplus: null,
  pharmindex_images: null,
});

// every case at once, as the patient's mirror would hold them
const prescriptions = INTAKE_CASES.map(prescriptionOf);
const orders = INTAKE_CASES.flatMap(ordersOf);
const medications = new Map(INTAKE_CASES.map((c, i) => [casePharmacode(i), medicationOf(c, i)]));
const supply: IntakeSupply = { orders, medications };
const customer = { id: 'u1', first_name: 'Sandra', last_name: 'Meier', birthday: '1958-04-12', gender: 2, language: 'de', webshop_customer_medication: prescriptions } as unknown as CustomerRecord;

const dashboard = dashboardModel({ customer, orders, medications, language: 'de', now: NOW });
const dayDoses = dosesDueOn(prescriptions, TODAY, supply).doses;
const grid = weekGrid(prescriptions, [], TODAY, { current: CURRENT, supply });
const history = medicationAdherence(prescriptions, [], TODAY, { current: CURRENT, supply });
const report = doseReport(prescriptions, [], { from: addDays(TODAY, -29), to: TODAY, current: CURRENT, supply, names: new Map() });
const doc = planFromPrescriptions(
  { patient: { first_name: 'Sandra', last_name: 'Meier', birthday: '1958-04-12', gender: 2, language: 'de' }, prescriptions, medications: [...medications.values()], orders },
  { now: NOW, id: '6b7c1d0e-2f1a-4c3b-9d8e-7f6a5b4c3d2e' },
);
const sheet = planSheet(doc, (id) => medications.get(Number(id))?.dscrd ?? null);
const calendar = planReminders(sheet);

describe('every consumer answers what the rule answers', () => {
  it.each(INTAKE_CASES.map((c, i) => [c.name, c, i] as const))('%s', (_name, c, i) => {
    const code = casePharmacode(i);
    const id = i + 1;
    // the dashboard's plan of today, and its check-offs (one per entry)
    expect(dashboard.plan.filter((p) => p.entries.some((e) => e.prescriptionId === id)).map((p) => p.period).sort()).toEqual([...c.today].sort());
    // a day to fill in (/doses/day/today)
    expect(dayDoses.filter((d) => d.prescription_id === id).map((d) => d.period)).toEqual(c.today);
    // the week grid's row of today: which periods have a dose planned (due or not yet)
    const todayRow = grid.rows.at(-1) ?? [];
    const withCase = weekGrid([prescriptions[i]!], [], TODAY, { current: CURRENT, supply }).rows.at(-1) ?? [];
    expect(withCase.filter((cell) => cell.due + cell.notYetDue > 0).map((cell) => cell.period)).toEqual(c.today);
    expect(todayRow).toHaveLength(INTAKE_PERIODS.length);
    // the 30 days of the history and the report for the doctor: the doses planned in them
    const planned = (rows: readonly { pharmacode: number; due: number; notYetDue: number }[]) => rows.filter((r) => r.pharmacode === code).reduce((n, r) => n + r.due + r.notYetDue, 0);
    expect(planned(history.medications)).toBe(c.dosesIn30Days);
    expect(planned(report.rows)).toBe(c.dosesIn30Days);
    // the eMediplan, its print and the calendar made of it
    expect(doc.Medicaments.some((m) => m.Id === String(code))).toBe(c.inEmediplan);
    expect([...sheet.regular, ...sheet.reserve].some((l) => l.id === String(code))).toBe(c.inEmediplan);
    const reminded = INTAKE_PERIODS.filter((p) => calendar.periods[p].some((r) => r.line.id === String(code)));
    expect(reminded.length > 0).toBe(c.today.length > 0);
  });

  it('the code carries the plan the print shows (the QR decodes to the same document)', async () => {
    expect(await decodeChmed16a(await encodeChmed16a(doc))).toMatchObject({ ok: true, value: { doc } });
  });
});
