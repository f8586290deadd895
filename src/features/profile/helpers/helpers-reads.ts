// What /profile/helpers reads of the mirror (the profile's reads, the caregiver grants, and the
// dose marks and orders that say what each helper did last), read
// ahead at a returning patient's start (src/app/routes.ts) as the very queries its hooks ask.
import { doseMarkRowsQuery } from '../../../data/hooks/mark-queries';
import { ordersQuery, tableQuery } from '../../../data/local/mirror-query';
import { readAhead, type ReadAhead } from '../../../data/local/read-ahead';
import { caregiverGrantsRead } from '../../../data/tables/caregiver-grants';
import { readProfileAhead } from '../profile-reads';

export const readHelpersAhead: ReadAhead = async (reads) => {
  await Promise.all([readProfileAhead(reads), readAhead(tableQuery(caregiverGrantsRead), reads), readAhead(doseMarkRowsQuery, reads), readAhead(ordersQuery, reads)]);
};
