// Data read at a returning patient's start, before the screen's live queries have answered
// (src/app/stored-patient.ts reads it with idb-reads.ts): the screen's first render shows it,
// so the first paint of the installed app is the patient's screen, not a spinner. Each route
// declares what it reads ahead (RouteDef.readAhead), as the very queries its screen's hooks ask
// (mirror-query.ts): a hook finds the answer by the query's key. The live queries answer right
// after the first paint and own the screen from then on; an answer read ahead is shown by the
// screens mounted before its live query answered (a redirect of the start included), never by a
// later one, by none once the data layer found another session than the stored one, and by none
// once the mirror changed what it was read of (local-db.ts: every write names its stores) —
// issue 38: the order's finish page, opened after "+" had filled the draft, took the empty draft
// read at the start and sent the patient back to the selection.
//
// Once live, a screen's answer is there for the next screen the same way: a navigation renders as
// a transition (app/transition-address.tsx), so the next screen mounts while the last one is still
// on view, and starts with the answer that one shows of the same query instead of a spinner (the
// complete overview's redirect to the base data: the overview's live answer came first). Such an
// answer goes when its screen unmounts. A write does not take it away as it takes a read ahead:
// the screen's live query answers again right after, and the answer offered is always the one that
// screen last had, what the patient saw and acted on (the next screen's own live query answers at
// once too). Taken away on every write, it left the next screen a spinner whenever it mounted
// during a pull (each pull writes the mirror's meta, which most queries read).
import type { MirrorReads } from './mirror-reads';
import type { MirrorQuery } from './mirror-query';

const answers = new Map<string, { value: unknown; stores: readonly string[] }>();

/** The live answers mounted screens show, each under its hook's own token (and of its mirror). */
const shown = new Map<symbol, { key: string; value: unknown; db: unknown }>();

/** What a route reads ahead: the queries of its screen, run once each against the raw mirror. */
export type ReadAhead = (reads: MirrorReads) => Promise<void>;

/** Runs a query ahead and keeps its answer for the first render (the answer also feeds the next query of a chain). */
export async function readAhead<T>(query: MirrorQuery<T>, reads: MirrorReads): Promise<T> {
  const value = await query.read(reads);
  answers.set(query.key, { value, stores: query.stores });
  return value;
}

/**
 * The answer a screen mounting now starts with: read ahead for this query and not forgotten since,
 * else the live answer a mounted screen shows of it (from the same mirror: `db` as the hooks take it).
 */
export function readAheadOf<T>(query: MirrorQuery<T>, db?: unknown): T | undefined {
  const ahead = answers.get(query.key);
  if (ahead) return ahead.value as T;
  for (const answer of shown.values()) if (answer.key === query.key && answer.db === db) return answer.value as T;
  return undefined;
}

/** The mirror's stores were written: what was read ahead of them no longer says what they hold. */
export function forgetReadAheadOfStores(stores: ReadonlySet<string>): void {
  for (const [key, answer] of answers) if (answer.stores.some((store) => stores.has(store))) answers.delete(key);
}

/** A screen has its live answer: a later screen reads for itself rather than show an old answer. */
export function forgetReadAheadOf(query: MirrorQuery<unknown>): void {
  answers.delete(query.key);
}

/** A mounted screen's live answer (token: its hook's own), for a screen that mounts while it is on view. */
export function showLiveAnswer(token: symbol, query: MirrorQuery<unknown>, value: unknown, db?: unknown): void {
  forgetReadAheadOf(query);
  shown.set(token, { key: query.key, value, db });
}

/** The screen is gone (or follows another query): its answer is not offered again. */
export function forgetLiveAnswer(token: symbol): void {
  shown.delete(token);
}

/** The session has changed (the data layer found another one): nothing read ahead is shown again. */
export function forgetReadAhead(): void {
  answers.clear();
  shown.clear();
}
