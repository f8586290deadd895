// The dashboard's live read of the mirror (Dexie's liveQuery), loaded by use-dashboard-mirror.ts
// after the first render: Dexie is not among the files the installed app's first paint waits for.
import { liveQuery } from 'dexie';
import { localDb, type LocalDb } from '../local/local-db';
import { readDashboardMirror, type DashboardMirror } from './mirror-queries';

/** Follows the dashboard's data until the returned function is called. */
export function watchDashboardMirror(db: LocalDb = localDb(), on: { next: (mirror: DashboardMirror) => void; error: (error: unknown) => void }): () => void {
  const subscription = liveQuery(() => readDashboardMirror(db)).subscribe(on);
  return () => subscription.unsubscribe();
}
