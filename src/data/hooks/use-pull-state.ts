import { useMemo } from 'react';
import type { LocalDb } from '../local/local-db';
import { areaLoadQuery, type AreaLoad } from '../local/mirror-query';
import type { PullArea } from '../pull/pull';
import { useMirrorQuery } from './use-mirror-query';

/** Whether an area of the mirror was loaded, and whether its last pull failed (spec §8 "Loading orders fails"). */
export function useAreaLoad(area: PullArea, db?: LocalDb): AreaLoad | undefined {
  const query = useMemo(() => areaLoadQuery(area), [area]);
  return useMirrorQuery(query, db);
}
