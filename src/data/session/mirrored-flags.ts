// The flags of the signed-in patient (spec §4 Profile setup, §2 navigation) read live from the
// mirror, so they are there offline too and change as soon as a pull or an outbox write
// changes the record. Nothing is reported until the customer area was pulled at least once
// for this user (maybe on an earlier visit): before that, "no record" would wrongly read as a
// new account.
import { liveQuery } from 'dexie';
import type { CustomerId } from '../../domain/entities';
import { customerFlags, type CustomerFlags } from '../../domain/setup-state';
import type { LocalDb } from '../local/local-db';
import { dexieReads, pulledCustomerIn } from '../local/mirror-reads';

/** Follows the flags until the returned function is called. */
export function watchMirroredFlags(
  db: LocalDb,
  userId: CustomerId,
  now: () => Date,
  on: { flags: (flags: CustomerFlags) => void; error: () => void },
): () => void {
  const subscription = liveQuery(() => pulledCustomerIn(dexieReads(db), userId)).subscribe({
    next: (found) => {
      if (found) on.flags(customerFlags(found.customer, now()));
    },
    error: () => on.error(),
  });
  return () => subscription.unsubscribe();
}
