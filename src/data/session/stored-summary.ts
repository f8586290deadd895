// The summary a returning patient's mirror already holds, read without the patient session
// (no supabase-js, no Dexie): the shell shows the patient's screen from it while the data
// layer loads (src/app/stored-patient.ts). The same flags the session then reports
// (mirrored-flags.ts), from the same query.
import { customerFlags } from '../../domain/setup-state';
import type { AuthState } from '../auth/auth-state';
import { pulledCustomerIn, type MirrorReads } from '../local/mirror-reads';
import { summaryKey, type PatientSummary } from './summary';

/** The summary of this signed-in user (or of the person they act for: `owner`) from the mirror; null when it holds nothing of them yet. */
export async function storedSummary(auth: AuthState, reads: MirrorReads, now: Date = new Date(), owner: string | undefined = auth.user?.id): Promise<PatientSummary | null> {
  if (!auth.user || !owner) return null;
  const found = await pulledCustomerIn(reads, owner);
  return found ? { key: summaryKey(auth), status: 'ready', flags: customerFlags(found.customer, now), error: null } : null;
}
