// What the doses' screens read of the mirror (the record with its prescriptions, every dose mark,
// the orders, the prescribed products, the helpers who may have marked), read ahead at a returning patient's start (src/app/routes.ts) as the
// very queries useDosesData asks.
import { doseMarkRowsQuery } from '../../data/hooks/mark-queries';
import { codesOf, customerQuery, medicationsQuery, ordersQuery, tableQuery } from '../../data/local/mirror-query';
import { caregiverGrantsRead } from '../../data/tables/caregiver-grants';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';

export const readDosesAhead: ReadAhead = async (reads) => {
  const [customer] = await Promise.all([
    readAhead(customerQuery, reads),
    readAhead(doseMarkRowsQuery, reads),
    readAhead(ordersQuery, reads),
    readAhead(tableQuery(caregiverGrantsRead), reads),
  ]);
  await readAhead(medicationsQuery(codesOf((customer?.webshop_customer_medication ?? []).map((p) => p.medication_id))), reads);
};
