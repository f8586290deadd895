// What /prescriptions/add reads of the mirror, read ahead at a returning patient's start
// (src/app/routes.ts): the profile's reads and the e-prescriptions sent. Not read ahead, the
// e-prescriptions' live query loaded Dexie with the first render, in the screen's way. A module
// of its own: in the profile's shared reads, every profile page would load the e-prescriptions'.
import { ePrescriptionsQuery } from '../../../data/hooks/use-eprescriptions';
import { readAhead, type ReadAhead } from '../../../data/local/read-ahead';
import { readProfileAhead } from '../profile-reads';

export const readSendPrescriptionAhead: ReadAhead = async (reads) => {
  await Promise.all([readProfileAhead(reads), readAhead(ePrescriptionsQuery, reads)]);
};
