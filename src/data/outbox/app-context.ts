// The app's outbox context (the mirror, uuids, the clock, the replay's signal), with the database
// loaded when a command first runs: a screen that queues writes does not carry Dexie in its first
// paint (src/app/stored-patient.ts), only when the patient saves.
import type { OutboxContext } from './commands';
import { newOutboxId } from './ids';
import { outboxAppended } from './signal';

let loaded: OutboxContext | null = null;

export async function appOutboxContext(): Promise<OutboxContext> {
  if (loaded) return loaded;
  const { localDb } = await import('../local/local-db');
  return (loaded = { db: localDb(), newId: newOutboxId, now: Date.now, appended: outboxAppended });
}

/** The context once loaded: a tap then writes at once (a tab closed right after keeps its change). */
export const loadedAppOutboxContext = (): OutboxContext | null => loaded;

/** Loads it after a screen's first paint (a write offline in a tab the service worker does not serve finds its files). */
export const preloadAppOutboxContext = (): void => void appOutboxContext().catch(() => undefined);
