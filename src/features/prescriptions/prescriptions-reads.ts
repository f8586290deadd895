// What /prescriptions reads of the mirror, as the queries its screen's hooks ask: the route reads
// them ahead at a returning patient's start (src/app/routes.ts), so its first paint shows the list.
import { doseMarkRowsQuery } from '../../data/hooks/mark-queries';
import { codesOf, medicationsQuery, ordersQuery, planSettingsQuery, prescriptionsQuery, setupFlagsQuery } from '../../data/local/mirror-query';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';
import type { Pharmacode, Prescription } from '../../domain/entities';

/** The products of the prescriptions, as the medications query wants them. */
export const prescribedCodes = (prescriptions: readonly Prescription[]): Pharmacode[] => codesOf(prescriptions.map((p) => p.medication_id));

export const readPrescriptionsAhead: ReadAhead = async (reads) => {
  const [prescriptions] = await Promise.all([readAhead(prescriptionsQuery, reads), readAhead(ordersQuery, reads), readAhead(setupFlagsQuery, reads), readAhead(doseMarkRowsQuery, reads), readAhead(planSettingsQuery, reads)]);
  await readAhead(medicationsQuery(prescribedCodes(prescriptions)), reads);
};
