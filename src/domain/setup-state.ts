// Profile setup of spec §4 and the onboarding steps of spec §2 (Shell).
import type { CustomerRecord } from './entities.ts';
import { readInsurance } from './insurance.ts';
import { latestById } from './latest-by-id.ts';
import { isPrescriptionActive } from './prescription-state.ts';

const filled = (v: string | null | undefined): boolean => typeof v === 'string' && v.trim() !== '';

export interface SetupFlags {
  /** First name set (base data saved). */
  hasProfile: boolean;
  /** Latest address with street, number, zip, city and phone. */
  hasAddress: boolean;
  /** Latest insurance with insurer name and card number. */
  hasSetupInsurance: boolean;
  /** Latest questionnaire with weight and size. */
  hasCompletedQuestionnaire: boolean;
  /** An order-defaults record exists. */
  hasOrderDefaults: boolean;
  /** Latest additional info has a prescription send method. */
  hasSentPrescription: boolean;
  /** insurance && questionnaire && profile && address && send method (order defaults not needed). */
  hasSetup: boolean;
}

export function setupFlags(customer: CustomerRecord | null | undefined): SetupFlags {
  const address = latestById(customer?.webshop_customer_address);
  const insuranceRow = latestById(customer?.webshop_customer_insurance);
  const insurance = insuranceRow ? readInsurance(insuranceRow) : null;
  const questionnaire = latestById(customer?.webshop_customer_questionnaire);
  const info = latestById(customer?.webshop_customer_additional_info);

  const hasProfile = filled(customer?.first_name);
  const hasAddress =
    !!address && [address.street, address.street_nr, address.zip, address.city, address.phone].every(filled);
  const hasSetupInsurance = !!insurance && filled(insurance.insurance_name) && filled(insurance.insurance_nr);
  const hasCompletedQuestionnaire = questionnaire?.weight != null && questionnaire.size != null;
  const hasOrderDefaults = latestById(customer?.webshop_customer_order_defaults) !== null;
  const hasSentPrescription = !!info?.prescription_send_method;
  return {
    hasProfile,
    hasAddress,
    hasSetupInsurance,
    hasCompletedQuestionnaire,
    hasOrderDefaults,
    hasSentPrescription,
    hasSetup: hasSetupInsurance && hasCompletedQuestionnaire && hasProfile && hasAddress && hasSentPrescription,
  };
}

/** What the shell and the screens know of a patient: the setup flags and whether an active prescription exists. */
export interface CustomerFlags extends SetupFlags {
  /** At least one active prescription (spec §2 navigation "with prescriptions", §6 orders area). */
  hasPrescriptions: boolean;
}

/** The one rule for the flags of a customer record (none yet: a new account, every flag false). */
export function customerFlags(customer: CustomerRecord | null | undefined, now: Date): CustomerFlags {
  return {
    ...setupFlags(customer),
    hasPrescriptions: (customer?.webshop_customer_medication ?? []).some((p) => isPrescriptionActive(p, now)),
  };
}

export type SetupStep = 'profile' | 'insurance' | 'questionnaire' | 'orderPreferences';
export interface SetupStepState {
  step: SetupStep;
  done: boolean;
}

/** The four tracked steps of /profile/overview, in display order. Profile includes the address. */
export function setupSteps(flags: SetupFlags): SetupStepState[] {
  return [
    { step: 'profile', done: flags.hasProfile && flags.hasAddress },
    { step: 'insurance', done: flags.hasSetupInsurance },
    { step: 'questionnaire', done: flags.hasCompletedQuestionnaire },
    { step: 'orderPreferences', done: flags.hasOrderDefaults },
  ];
}

/** Number of to-do steps (the red badge of the profile navigation). */
export const setupTodoCount = (flags: SetupFlags): number => setupSteps(flags).filter((s) => !s.done).length;

/** Onboarding steps: 1 base data, 2 address and phone, 3 insurance, 4 questionnaire, 5 order defaults, 6 send method. */
export type OnboardingStep = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The onboarding step to show, or null. Onboarding replaces the routed view only while
 * setup is incomplete (hasSetup false), so a complete setup gives null even without order
 * defaults. Otherwise the first step whose data is missing (earlier steps all done).
 */
export function onboardingStep(flags: SetupFlags): OnboardingStep | null {
  if (flags.hasSetup) return null;
  const done: [OnboardingStep, boolean][] = [
    [1, flags.hasProfile],
    [2, flags.hasAddress],
    [3, flags.hasSetupInsurance],
    [4, flags.hasCompletedQuestionnaire],
    [5, flags.hasOrderDefaults],
    [6, flags.hasSentPrescription],
  ];
  return done.find(([, isDone]) => !isDone)?.[0] ?? null;
}
