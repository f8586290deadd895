import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from './entities.ts';
import { customerFlags, onboardingStep, setupFlags, setupSteps, setupTodoCount } from './setup-state.ts';

const address = { id: 1, customer_id: 'c', street: 'Bahnhofstrasse', street_nr: '1', address2: null, zip: '8001', city: 'Zürich', phone: '0441234567' };
const info = { id: 1, customer_id: 'c', prescription_send_method: 'post' as const, prescription_location: null, send_asap: null, send_all: null, description: null, doc_name: 'Dr. Meier', cpg_name: 'Praxis', handled: false };

const complete: CustomerRecord = {
  id: 'c',
  first_name: 'Anna',
  last_name: 'Muster',
  gender: 2,
  birthday: '1950-04-01',
  language: 'de',
  webshop_customer_address: [address],
  webshop_customer_insurance: [
    {
      id: 1,
      customer_id: 'c',
      insurance_name: 'Helvetia Kranken',
      insurance_nr: '80756000000000000001',
      insurance_police_nr: null,
      voluntary_insurance_name: null,
      voluntary_insurance_nr: null,
    },
  ],
  webshop_customer_questionnaire: [
    {
      id: 1, customer_id: 'c', weight: 70, size: 170,
      d_diabetes: false, d_high_bp: false, d_liver: false, d_blood_clotting: false, d_kidney: false, d_bronchi: false,
      d_others: null, a_penicillin: false, a_sulfonamide: false, a_asa: false, a_other: null, external_medications: [],
    },
  ],
  webshop_customer_order_defaults: [{ id: 1, customer_id: 'c', generic: true, substitute: true, probon: true, get_invoice: false, comment: null }],
  webshop_customer_additional_info: [info],
};

const without = (over: Partial<CustomerRecord>): CustomerRecord => ({ ...complete, ...over });

describe('setup flags and onboarding step', () => {
  // spec §4 Profile setup (hasSetup = insurance && questionnaire && profile && address && send method)
  // spec §2 Shell onboarding steps 1..6, each shown while its data is missing and earlier steps are done
  it.each([
    ['complete', complete, true, null],
    ['complete but no order defaults', without({ webshop_customer_order_defaults: [] }), true, null],
    ['no first name', without({ first_name: '  ' }), false, 1],
    ['nothing at all', { id: 'c', first_name: null, last_name: null, gender: null, birthday: null, language: null }, false, 1],
    ['no address', without({ webshop_customer_address: null }), false, 2],
    ['address without phone', without({ webshop_customer_address: [{ ...address, phone: null }] }), false, 2],
    ['no insurance', without({ webshop_customer_insurance: [] }), false, 3],
    ['no questionnaire', without({ webshop_customer_questionnaire: undefined }), false, 4],
    ['no send method, no defaults', without({ webshop_customer_additional_info: [], webshop_customer_order_defaults: [] }), false, 5],
    ['no send method', without({ webshop_customer_additional_info: [] }), false, 6],
    [
      'latest additional info (highest id) has no method',
      without({ webshop_customer_additional_info: [info, { ...info, id: 2, prescription_send_method: null }] }),
      false,
      6,
    ],
    ['null customer', null, false, 1],
  ])('%s -> hasSetup %s, step %s', (_name, customer, hasSetup, step) => {
    const flags = setupFlags(customer);
    expect(flags.hasSetup).toBe(hasSetup);
    expect(onboardingStep(flags)).toBe(step);
  });

  it('reads the insurance in save form too, and uses the latest record', () => {
    const flags = setupFlags(
      without({
        webshop_customer_insurance: [
          { id: 5, customer_id: 'c', insurance: '', veka_nr: '', police_nr: null, additional_insurance: null, additional_insurance_nr: null },
          { id: 2, customer_id: 'c', insurance: 'Sanitas', veka_nr: '8075', police_nr: null, additional_insurance: null, additional_insurance_nr: null },
        ],
      }),
    );
    expect(flags.hasSetupInsurance).toBe(false);
  });
});

describe('tracked setup steps', () => {
  // spec §4 Four tracked steps, each done or to do; §2 /profile/overview
  it.each([
    ['complete', complete, [true, true, true, true], 0],
    ['no address', without({ webshop_customer_address: [] }), [false, true, true, true], 1],
    ['no defaults, no questionnaire', without({ webshop_customer_order_defaults: [], webshop_customer_questionnaire: [] }), [true, true, false, false], 2],
  ])('%s', (_name, customer, done, todo) => {
    const flags = setupFlags(customer);
    expect(setupSteps(flags)).toEqual([
      { step: 'profile', done: done[0] },
      { step: 'insurance', done: done[1] },
      { step: 'questionnaire', done: done[2] },
      { step: 'orderPreferences', done: done[3] },
    ]);
    expect(setupTodoCount(flags)).toBe(todo);
  });
});

// spec §4 Profile setup (hasSetup), §2 navigation "with prescriptions", §6 "Orders area appears when the customer has an active prescription"
describe('customerFlags', () => {
  const NOW = new Date('2026-11-23T09:00:00+01:00');
  const rx = (expires_at: string) => ({ id: 1, customer_id: 'c', medication_id: 1, dosage: [1, 0, 0, 0], comment: null, expires_at, single_use: false, used: false, intake: null });

  it('a new account (no row): nothing done', () => {
    expect(customerFlags(null, NOW)).toMatchObject({ hasProfile: false, hasSetup: false, hasPrescriptions: false });
  });

  it('a complete customer with an active prescription', () => {
    expect(customerFlags({ ...complete, webshop_customer_medication: [rx('2027-01-01')] }, NOW)).toMatchObject({ hasProfile: true, hasSetup: true, hasPrescriptions: true });
  });

  it('only expired prescriptions do not count', () => {
    expect(customerFlags({ ...complete, webshop_customer_medication: [rx('2026-01-01')] }, NOW).hasPrescriptions).toBe(false);
  });

  it('holds the setup flags of setupFlags', () => {
    expect(customerFlags(complete, NOW)).toEqual({ ...setupFlags(complete), hasPrescriptions: false });
  });
});
