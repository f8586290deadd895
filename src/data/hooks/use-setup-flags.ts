import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type LocalDb } from '../local/local-db';
import { customerFlags, type CustomerFlags } from '../../domain/setup-state';
import { readCustomer } from './mirror-queries';

export type { CustomerFlags } from '../../domain/setup-state';

/** hasProfile, hasAddress, …, hasSetup (spec §4, setup-state.ts) and hasPrescriptions, from the mirror. */
export function useSetupFlags(db: LocalDb = localDb(), now: () => Date = () => new Date()): CustomerFlags | undefined {
  return useLiveQuery(async () => customerFlags(await readCustomer(db), now()), [db]);
}
