import { useMemo } from 'react';
import type { CustomerFlags } from '../../domain/setup-state';
import type { LocalDb } from '../local/local-db';
import { setupFlagsQuery, setupFlagsQueryAt } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/** hasProfile, hasAddress, …, hasSetup (spec §4, setup-state.ts) and hasPrescriptions, from the mirror (`now`: tests fix the time). */
export function useSetupFlags(db?: LocalDb, now?: () => Date): CustomerFlags | undefined {
  const query = useMemo(() => (now ? setupFlagsQueryAt(now) : setupFlagsQuery), [now]);
  return useMirrorQuery(query, db);
}
