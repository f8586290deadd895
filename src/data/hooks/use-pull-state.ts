import { useLiveQuery } from 'dexie-react-hooks';
import { META, type LocalDb, localDb } from '../local/local-db';
import type { PullArea, PullError } from '../pull/pull';

export interface AreaLoad {
  /** epoch ms of the area's last successful pull; null: never loaded on this device */
  pulledAt: number | null;
  /** the error of the area's last pull, if it failed (cleared by the next success) */
  error: PullError | null;
}

async function readAreaLoad(db: LocalDb, area: PullArea): Promise<AreaLoad> {
  const [pulled, failed] = await Promise.all([db.meta.get(META.pulledAt(area)), db.meta.get(META.pullError(area))]);
  const error = (failed?.value as { error?: PullError } | undefined)?.error ?? null;
  return { pulledAt: typeof pulled?.value === 'number' ? pulled.value : null, error };
}

/** Whether an area of the mirror was loaded, and whether its last pull failed (spec §8 "Loading orders fails"). */
export function useAreaLoad(area: PullArea, db: LocalDb = localDb()): AreaLoad | undefined {
  return useLiveQuery(() => readAreaLoad(db, area), [db, area]);
}
