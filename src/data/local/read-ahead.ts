// Data read at a returning patient's start, before the screen's live queries have answered
// (src/app/stored-patient.ts reads it with idb-reads.ts): the screen's first render shows it,
// so the first paint of the installed app is the patient's screen, not a spinner. Each route
// declares what it reads ahead (RouteDef.readAhead), as the very queries its screen's hooks ask
// (mirror-query.ts): a hook finds the answer by the query's key. The live queries answer right
// after the first paint and own the screen from then on; an answer is shown by the screens
// mounted before its live query answered (a redirect of the start included), never by a later
// one, by none once the data layer has taken over, and by none once the mirror changed what it
// was read of (local-db.ts: every write names its stores) — issue 38: the order's finish page,
// opened after "+" had filled the draft, took the empty draft read at the start and sent the
// patient back to the selection.
import type { MirrorReads } from './mirror-reads';
import type { MirrorQuery } from './mirror-query';

const answers = new Map<string, { value: unknown; stores: readonly string[] }>();

/** What a route reads ahead: the queries of its screen, run once each against the raw mirror. */
export type ReadAhead = (reads: MirrorReads) => Promise<void>;

/** Runs a query ahead and keeps its answer for the first render (the answer also feeds the next query of a chain). */
export async function readAhead<T>(query: MirrorQuery<T>, reads: MirrorReads): Promise<T> {
  const value = await query.read(reads);
  answers.set(query.key, { value, stores: query.stores });
  return value;
}

/** The answer read ahead for this query, if it was and was not forgotten since. */
export const readAheadOf = <T>(query: MirrorQuery<T>): T | undefined => answers.get(query.key)?.value as T | undefined;

/** The mirror's stores were written: what was read ahead of them no longer says what they hold. */
export function forgetReadAheadOfStores(stores: ReadonlySet<string>): void {
  for (const [key, answer] of answers) if (answer.stores.some((store) => stores.has(store))) answers.delete(key);
}

/** A screen has its live answer: a later screen reads for itself rather than show an old answer. */
export function forgetReadAheadOf(query: MirrorQuery<unknown>): void {
  answers.delete(query.key);
}

/** The session has changed (the data layer took over): nothing read ahead is shown again. */
export function forgetReadAhead(): void {
  answers.clear();
}
