// The live side of the screens' reads (Dexie's liveQuery), loaded by use-mirror-query.ts: a screen
// that shows what was read ahead loads it after its first paint, so Dexie is not among the files
// a returning patient's first paint waits for.
import { liveQuery } from 'dexie';
import { nextTask } from '../../lib/next-task';
import { localDb, type LocalDb } from '../local/local-db';
import { dexieReads } from '../local/mirror-reads';
import type { MirrorQuery } from '../local/mirror-query';
import type { ReadAhead } from '../local/read-ahead';

/** Follows a query's answer (one read-only transaction per read) until the returned function is called. */
export function watchMirrorQuery<T>(query: MirrorQuery<T>, db: LocalDb = localDb(), on: { next: (value: T) => void; error: (error: unknown) => void }): () => void {
  const subscription = liveQuery(() => db.transaction('r', query.stores.map((store) => db.table(store)), () => query.read(dexieReads(db)))).subscribe(on);
  return () => subscription.unsubscribe();
}

/**
 * Opens the mirror (Dexie's set-up of its tables happens then), so a screen's first live read
 * does not add it to its own task. The Dexie instance is made in one task, opened in the next
 * (made and opened with the modules' evaluation before it: 56 ms at 4× CPU in one task after the
 * first paint); a mirror open already costs the next screen's queries no task. A failure is the
 * live query's to report.
 */
export async function openMirror(db?: LocalDb): Promise<unknown> {
  const mirror = db ?? localDb();
  if (mirror.isOpen()) return undefined;
  await nextTask();
  return mirror.open().catch(() => undefined);
}

/** A route's data read ahead in the mirror, open by then (a navigation's: readAheadOnNavigation). */
export async function readAheadInMirror(read: ReadAhead, db?: LocalDb): Promise<void> {
  const mirror = db ?? localDb();
  await openMirror(mirror);
  await read(dexieReads(mirror));
}
