// Issue 41: whom this device acts for. A helper works for a person they help on their own
// account: the choice ("Me" or one person) is kept on this device for the signed-in helper, and
// each person's data lives in a mirror of its own (another IndexedDB database), so switching never
// mixes two people's data, each works offline, and each person's outbox is replayed for that
// person (the server checks the helper's rights with can_act_for on every write). A switch loads
// the page again: every store, query and subscription then starts for the chosen person.
import type { HelpedPerson } from '../../domain/caregivers/helped-people';
import { LOCAL_DB_NAME } from './mirror-schema';
import { readStoredSession } from '../stored-session';

export type { HelpedPerson };

/** A person whose data this device dropped, and why (shown once to the helper). */
export interface DroppedPerson {
  name: string | null;
  /** revoked: the person ended the help (or the grant is gone) */
  reason: 'revoked';
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;
type ReadStorage = Pick<globalThis.Storage, 'getItem'>;

export const ACTING_FOR_KEY = 'rezeptpost.actingFor';
export const HELPING_KEY = 'rezeptpost.helping';
export const DROPPED_KEY = 'rezeptpost.personDropped';

/** The mirror database of a person a helper acts for (the account's own: LOCAL_DB_NAME). */
export const PERSON_DB_PREFIX = `${LOCAL_DB_NAME}-for-`;
export const mirrorNameFor = (owner: string, userId: string): string => (owner === userId ? LOCAL_DB_NAME : `${PERSON_DB_PREFIX}${owner}`);

const read = <T>(storage: ReadStorage | undefined, key: string): T | null => {
  try {
    return JSON.parse(storage?.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
};

/** Fired on the page when a choice changed here (the `storage` event tells only the other tabs). */
export const ACTING_CHANGED_EVENT = 'rezeptpost:acting';

const write = (storage: Storage | undefined, key: string, value: unknown): void => {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused (private mode): the choice then lasts for this page only
  }
  globalThis.dispatchEvent?.(new Event(ACTING_CHANGED_EVENT));
};

const isPerson = (value: unknown): value is HelpedPerson =>
  typeof value === 'object' && value !== null && typeof (value as HelpedPerson).id === 'string' && Array.isArray((value as HelpedPerson).rights);

/** The person this helper acts for on this device; null: their own data. */
export function actingFor(storage: ReadStorage | undefined, userId: string | null | undefined): HelpedPerson | null {
  const stored = read<{ helper?: unknown; person?: unknown }>(storage, ACTING_FOR_KEY);
  return userId && stored?.helper === userId && isPerson(stored.person) && stored.person.id !== userId ? stored.person : null;
}

export function setActingFor(storage: Storage | undefined, userId: string, person: HelpedPerson | null): void {
  write(storage, ACTING_FOR_KEY, person ? { helper: userId, person } : null);
}

/** Whose data the session works with: the chosen person, else the account itself. */
export const dataOwnerOf = (storage: ReadStorage | undefined, userId: string): string => actingFor(storage, userId)?.id ?? userId;

/** The people this helper may switch to (kept from their own mirror's grants, so the switcher works in a person's mirror and offline). */
export function helpedPeople(storage: ReadStorage | undefined, userId: string | null | undefined): HelpedPerson[] {
  const stored = read<{ helper?: unknown; people?: unknown }>(storage, HELPING_KEY);
  return userId && stored?.helper === userId && Array.isArray(stored.people) ? stored.people.filter(isPerson) : [];
}

export function setHelpedPeople(storage: Storage | undefined, userId: string, people: readonly HelpedPerson[]): void {
  write(storage, HELPING_KEY, { helper: userId, people });
}

export function droppedPerson(storage: ReadStorage | undefined, userId: string | null | undefined): DroppedPerson | null {
  const stored = read<DroppedPerson & { helper?: unknown }>(storage, DROPPED_KEY);
  return userId && stored?.helper === userId && stored.reason === 'revoked' ? { name: typeof stored.name === 'string' ? stored.name : null, reason: stored.reason } : null;
}

export function setDroppedPerson(storage: Storage | undefined, userId: string, dropped: DroppedPerson | null): void {
  write(storage, DROPPED_KEY, dropped ? { helper: userId, ...dropped } : null);
}

/** Forgets every choice of this device (a sign-out of the helper). */
export function forgetActing(storage: Storage | undefined): void {
  for (const key of [ACTING_FOR_KEY, HELPING_KEY, DROPPED_KEY]) write(storage, key, null);
}

/** The storage the app keeps these in (none outside a browser). */
export const appStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** The name of the app's mirror on this page: from the session this device keeps and the helper's choice (read without supabase-js or Dexie). */
export function appMirrorName(storage: ReadStorage | undefined = appStorage()): string {
  const userId = readStoredSession(storage)?.user.id;
  return userId ? mirrorNameFor(dataOwnerOf(storage, userId), userId) : LOCAL_DB_NAME;
}
