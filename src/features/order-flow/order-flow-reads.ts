// What the order flow reads of the mirror (the prescriptions, the draft, the record with its
// address and settings; the selection also the products' details), read ahead at a returning
// patient's start (src/app/routes.ts) as the very queries its hooks ask.
import { codesOf, customerQuery, draftQuery, medicationsQuery, prescriptionsQuery } from '../../data/local/mirror-query';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';
import { emptyDraft } from '../../domain/order-draft';
import { orderableDraft } from './select-rows';

export const readOrderFlowAhead: ReadAhead = async (reads) => {
  await Promise.all([readAhead(prescriptionsQuery, reads), readAhead(draftQuery, reads), readAhead(customerQuery, reads)]);
};

export const readOrderSelectAhead: ReadAhead = async (reads) => {
  const [prescriptions] = await Promise.all([readAhead(prescriptionsQuery, reads), readAhead(draftQuery, reads), readAhead(customerQuery, reads)]);
  await readAhead(medicationsQuery(codesOf(prescriptions.map((p) => p.medication_id))), reads);
};

/** The last step: the flow's reads and the products of what can be ordered (its lines name them). */
export const readOrderFinishAhead: ReadAhead = async (reads) => {
  const [prescriptions, draft] = await Promise.all([readAhead(prescriptionsQuery, reads), readAhead(draftQuery, reads), readAhead(customerQuery, reads)]);
  const orderable = orderableDraft(draft ?? emptyDraft(), prescriptions, new Date());
  await readAhead(medicationsQuery(codesOf(Object.keys(orderable.medications).map(Number))), reads);
};
