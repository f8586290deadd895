// What the profile pages read of the mirror (the record and its flags; the insurer list for the
// insurance form; the questionnaire's other medications), read ahead at a returning patient's
// start (src/app/routes.ts) as the very queries their hooks ask.
import { codesOf, customerQuery, insurersQuery, medicationsQuery, planSettingsQuery, setupFlagsQuery } from '../../data/local/mirror-query';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';
import type { CustomerRecord, Pharmacode } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';

/** The questionnaire's other medications (spec §3 external_medications) of the latest questionnaire. */
export const otherMedicationCodes = (customer: CustomerRecord | null): Pharmacode[] => codesOf(latestById(customer?.webshop_customer_questionnaire)?.external_medications ?? []);

// the plan settings for the base data's reminder times (use-device-reminders.ts): the first
// render shows the patient's own times, not the defaults until the live query answers
export const readProfileAhead: ReadAhead = async (reads) => {
  await Promise.all([readAhead(customerQuery, reads), readAhead(setupFlagsQuery, reads), readAhead(planSettingsQuery, reads)]);
};

export const readInsuranceAhead: ReadAhead = async (reads) => {
  await Promise.all([readProfileAhead(reads), readAhead(insurersQuery, reads)]);
};

export const readQuestionnaireAhead: ReadAhead = async (reads) => {
  const [customer] = await Promise.all([readAhead(customerQuery, reads), readAhead(setupFlagsQuery, reads)]);
  await readAhead(medicationsQuery(otherMedicationCodes(customer)), reads);
};
