// The loading of the screens' live queries (mirror-live.ts, with Dexie), and a navigation's read
// ahead through them.
import { nextTask } from '../../lib/next-task';
import { markLiveQueriesAsked } from './live-queries-in-use';
import type { LocalDb } from '../local/local-db';
import type { ReadAhead } from '../local/read-ahead';

let liveModule: Promise<typeof import('./mirror-live')> | null = null;

/**
 * The live query's files, once: Dexie evaluated in a task of its own, then the mirror's modules,
 * and what follows them in a task after (shorter tasks instead of one long one after a returning
 * patient's first paint). Files that failed to load are asked for again by the next call.
 */
export function loadMirrorLive(): Promise<typeof import('./mirror-live')> {
  markLiveQueriesAsked(true);
  liveModule ??= import('dexie')
    .then(() => nextTask())
    .then(() => import('./mirror-live'))
    .then(async (module) => {
      await nextTask();
      return module;
    })
    .catch((error: unknown) => {
      liveModule = null;
      markLiveQueriesAsked(false);
      throw error;
    });
  return liveModule;
}

/**
 * A navigation's read ahead of the next screen's data (app/prepare-route.ts: the address changes
 * once it is read, so the screen's first render shows it, not a spinner while its live queries
 * read). Asked only once the screens' live queries are in use (live-queries-in-use.ts): a
 * navigation from a public page does not bring Dexie in for it.
 */
export async function readAheadOnNavigation(reads: () => Promise<ReadAhead>, db?: LocalDb): Promise<void> {
  const [module, read] = await Promise.all([loadMirrorLive(), reads()]);
  await module.readAheadInMirror(read, db);
}
