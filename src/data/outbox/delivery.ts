// What became of a saved change, for honest feedback: the command resolved once the change was
// stored on this device; whether the pharmacy has it yet is another matter. This watches the
// entry for a short while: gone from the outbox means the server stored it; refused means the
// server said no; still there means it waits (offline, the server failing for now, the session
// to be renewed) — with the reason and when the next try is due.
import { liveQuery } from 'dexie';
import type { LocalDb, OutboxEntry } from '../local/local-db';

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

export function deliveryOf(entry: OutboxEntry | undefined): Delivery | null {
  if (!entry) return { state: 'sent' };
  if (entry.status === 'rejected') return { state: 'refused', code: entry.lastError?.code ?? 'invalid' };
  return null;
}

const waiting = (entry: OutboxEntry | undefined): Delivery =>
  deliveryOf(entry) ?? { state: 'waiting', code: entry?.lastError?.code ?? null, nextAttemptAt: entry?.nextAttemptAt ? entry.nextAttemptAt : null };

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
    const timer = setTimeout(() => finish(waiting(last)), timeoutMs);
    const subscription = liveQuery(() => db.outbox.where('id').equals(outboxId).first()).subscribe({
      next: (entry) => {
        last = entry;
        const settled = deliveryOf(entry);
        if (settled) finish(settled);
      },
      error: () => finish(waiting(last)),
    });
  });
}
