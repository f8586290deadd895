// What /plan/emediplan and /plan/print read of the mirror (use-emediplan.ts: the record, the
// plan settings, the orders, the prescribed products), read ahead at a returning patient's start
// (src/app/routes.ts) as the very queries the screen's hooks ask.
import { areaLoadQuery, codesOf, customerQuery, medicationsQuery, ordersQuery, planSettingsQuery, setupFlagsQuery } from '../../data/local/mirror-query';
import { readAhead, type ReadAhead } from '../../data/local/read-ahead';

export const readEmediplanAhead: ReadAhead = async (reads) => {
  const [customer] = await Promise.all([
    readAhead(customerQuery, reads),
    readAhead(setupFlagsQuery, reads),
    readAhead(planSettingsQuery, reads),
    readAhead(ordersQuery, reads),
    readAhead(areaLoadQuery('customer'), reads),
    readAhead(areaLoadQuery('medications'), reads),
  ]);
  await readAhead(medicationsQuery(codesOf((customer?.webshop_customer_medication ?? []).map((p) => p.medication_id))), reads);
};
