// What became of a saved change, for honest feedback: the command resolved once the change was
// stored on this device; whether the pharmacy has it yet is another matter. This watches the
// entry for a short while: gone from the outbox means the server stored it; refused means the
// server said no; still there means it waits (offline, the server failing for now, the session
// to be renewed) — with the reason and when the next try is due.
import { liveQuery } from 'dexie';
import type { LocalDb } from '../local/local-db';
import type { OutboxEntry } from '../local/mirror-schema';

export type Delivery =
  | { state: 'sent' }
  | { state: 'refused'; code: string }
  | {
      state: 'waiting';
      /** the last transient failure (network, server, rate_limited, …); null: not tried yet or under way */
      code: string | null;
      /** epoch ms of the next try (null: as soon as the connection or the session allows) */
      nextAttemptAt: number | null;
    };

/** The server's final answer to an entry (gone: stored; rejected: refused), or null while it waits. */
export function settledDelivery(entry: OutboxEntry | undefined): Delivery | null {
  if (!entry) return { state: 'sent' };
  if (entry.status === 'rejected') return { state: 'refused', code: entry.lastError?.code ?? 'invalid' };
  return null;
}

const waiting = (entry: OutboxEntry | undefined): Delivery =>
  settledDelivery(entry) ?? { state: 'waiting', code: entry?.lastError?.code ?? null, nextAttemptAt: entry?.nextAttemptAt ? entry.nextAttemptAt : null };

/** Nothing read yet (the database failed before its first answer): waiting, reason unknown. */
const UNKNOWN: Delivery = { state: 'waiting', code: null, nextAttemptAt: null };

/** Resolves when the server answered for good, or after `timeoutMs` with what the entry waits for. */
export function waitForDelivery(db: LocalDb, outboxId: string, timeoutMs: number): Promise<Delivery> {
  return new Promise((resolve) => {
    let last: OutboxEntry | undefined;
    let done = false;
    const finish = (d: Delivery) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(d);
    };
    let seen = false;
    // Before the live query's first answer `last` says nothing (undefined would read as "sent"):
    // the time's up, so the entry is read once, as it stands.
    const timeUp = () => (seen ? finish(waiting(last)) : void db.outbox.where('id').equals(outboxId).first().then((entry) => finish(waiting(entry)), () => finish(UNKNOWN)));
    const timer = setTimeout(timeUp, timeoutMs);
    const subscription = liveQuery(() => db.outbox.where('id').equals(outboxId).first()).subscribe({
      next: (entry) => {
        seen = true;
        last = entry;
        const settled = settledDelivery(entry);
        if (settled) finish(settled);
      },
      error: () => finish(seen ? waiting(last) : UNKNOWN),
    });
  });
}
