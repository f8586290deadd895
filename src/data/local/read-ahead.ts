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
// A navigation reads the next screen's data ahead the same way (app/prepare-route.ts), through
// Dexie once the screens' live queries are in use: the address changes once it is read, so the
// screen's first render shows the data instead of a spinner while its live queries read. What is
// read ahead is kept per mirror (the database's name; a hook that names none reads the app's own).
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
import { appMirrorName } from './acting-for';
import type { MirrorReads } from './mirror-reads';
import type { MirrorQuery } from './mirror-query';

/** What was read ahead: per mirror (its database's name), per query key. */
const answers = new Map<string, Map<string, { value: unknown; stores: readonly string[] }>>();

/**
 * How often the mirror was written (any store) or everything read ahead was forgotten (another
 * session): an answer read across either is not kept.
 */
let changes = 0;

/** The live answers mounted screens show, each under its hook's own token (and of its mirror). */
const shown = new Map<symbol, { key: string; value: unknown; db: unknown }>();

/** What a route reads ahead: the queries of its screen, run once each against the raw mirror. */
export type ReadAhead = (reads: MirrorReads) => Promise<void>;

/**
 * Runs a query ahead and keeps its answer, for its mirror, for the first render (the answer also
 * feeds the next query of a chain). A write of the mirror while it read (Dexie's change notice came
 * before the answer) leaves it unkept: it may be of the mirror before that write; so does a change
 * of session meanwhile (forgetReadAhead).
 */
export async function readAhead<T>(query: MirrorQuery<T>, reads: MirrorReads): Promise<T> {
  const before = changes;
  const value = await query.read(reads);
  if (changes !== before) return value;
  let ofMirror = answers.get(reads.mirror);
  if (!ofMirror) answers.set(reads.mirror, (ofMirror = new Map()));
  ofMirror.set(query.key, { value, stores: query.stores });
  return value;
}

/**
 * The answer a screen mounting now starts with: read ahead for this query of the hook's mirror
 * (`db` as the hooks take it; none: the app's own) and not forgotten since, else the live answer
 * a mounted screen shows of it (from the same mirror).
 */
export function readAheadOf<T>(query: MirrorQuery<T>, db?: { readonly name: string }): T | undefined {
  const ahead = answers.size ? answers.get(db?.name ?? appMirrorName())?.get(query.key) : undefined;
  if (ahead) return ahead.value as T;
  for (const answer of shown.values()) if (answer.key === query.key && answer.db === db) return answer.value as T;
  return undefined;
}

/** The mirror's stores were written (of any mirror: Dexie's notice names the stores): what was read ahead of them no longer says what they hold. */
export function forgetReadAheadOfStores(stores: ReadonlySet<string>): void {
  changes += 1;
  for (const ofMirror of answers.values()) {
    for (const [key, answer] of ofMirror) if (answer.stores.some((store) => stores.has(store))) ofMirror.delete(key);
  }
}

/** A screen has its live answer: a later screen reads for itself rather than show an old answer. */
export function forgetReadAheadOf(query: MirrorQuery<unknown>, db?: { readonly name: string }): void {
  if (answers.size) answers.get(db?.name ?? appMirrorName())?.delete(query.key);
}

/** A mounted screen's live answer (token: its hook's own), for a screen that mounts while it is on view. */
export function showLiveAnswer(token: symbol, query: MirrorQuery<unknown>, value: unknown, db?: { readonly name: string }): void {
  forgetReadAheadOf(query, db);
  shown.set(token, { key: query.key, value, db });
}

/** The screen is gone (or follows another query): its answer is not offered again. */
export function forgetLiveAnswer(token: symbol): void {
  shown.delete(token);
}

/** The session has changed (the data layer found another one): nothing read ahead is shown again. */
export function forgetReadAhead(): void {
  changes += 1;
  answers.clear();
  shown.clear();
}
