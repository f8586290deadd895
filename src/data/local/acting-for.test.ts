// issue 41: a helper acts for a person on their own device. The choice, the people to switch to
// and the "data dropped" notice are kept in the device's storage for the helper who made them:
// another account signing in on the same device must never inherit them, and the mirror the page
// opens follows the choice. Storage here is an in-memory stand-in (the node environment has none).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedSessionKey } from '../stored-session';
import {
  ACTING_CHANGED_EVENT,
  ACTING_FOR_KEY,
  actingFor,
  appMirrorName,
  dataOwnerOf,
  DROPPED_KEY,
  droppedPerson,
  forgetActing,
  HELPING_KEY,
  helpedPeople,
  mirrorNameFor,
  setActingFor,
  setDroppedPerson,
  setHelpedPeople,
  type HelpedPerson,
} from './acting-for';
import { LOCAL_DB_NAME } from './mirror-schema';

/** localStorage's three calls over a Map (what a browser would keep). */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const HELPER = 'helper-anna';
const ROSA: HelpedPerson = { id: 'rosa', name: 'Rosa Muster', rights: ['see', 'tick'] };
const HANS: HelpedPerson = { id: 'hans', name: null, rights: ['see'] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('actingFor', () => {
  it('is the person the helper chose, for that helper only', () => {
    const storage = memoryStorage();
    expect(actingFor(storage, HELPER)).toBeNull();
    setActingFor(storage, HELPER, ROSA);
    expect(actingFor(storage, HELPER)).toEqual(ROSA);
    // another account on this device works with its own data
    expect(actingFor(storage, 'someone-else')).toBeNull();
    expect(actingFor(storage, null)).toBeNull();
    expect(actingFor(storage, undefined)).toBeNull();
  });

  it('"Me" (null) removes the choice', () => {
    const storage = memoryStorage();
    setActingFor(storage, HELPER, ROSA);
    setActingFor(storage, HELPER, null);
    expect(storage.items.has(ACTING_FOR_KEY)).toBe(false);
    expect(actingFor(storage, HELPER)).toBeNull();
  });

  // a person equal to the account would make the account "act for" itself: its own data
  it('ignores a stored person that is the account itself', () => {
    const storage = memoryStorage({ [ACTING_FOR_KEY]: JSON.stringify({ helper: HELPER, person: { id: HELPER, name: 'Anna', rights: ['see'] } }) });
    expect(actingFor(storage, HELPER)).toBeNull();
  });

  // whatever another version or a broken write left: read as "no choice", never a throw
  it.each([
    ['malformed JSON', '{"helper":'],
    ['no person', JSON.stringify({ helper: HELPER })],
    ['a person without rights', JSON.stringify({ helper: HELPER, person: { id: 'rosa', name: 'Rosa' } })],
    ['a person without an id', JSON.stringify({ helper: HELPER, person: { name: 'Rosa', rights: [] } })],
    ['a bare string', JSON.stringify('rosa')],
  ])('%s: null', (_name, stored) => {
    expect(actingFor(memoryStorage({ [ACTING_FOR_KEY]: stored }), HELPER)).toBeNull();
  });

  it('without a storage: null (outside a browser)', () => {
    expect(actingFor(undefined, HELPER)).toBeNull();
  });
});

describe('dataOwnerOf', () => {
  it('is the chosen person, else the account itself', () => {
    const storage = memoryStorage();
    expect(dataOwnerOf(storage, HELPER)).toBe(HELPER);
    setActingFor(storage, HELPER, ROSA);
    expect(dataOwnerOf(storage, HELPER)).toBe('rosa');
    // another account signed in on this device: its own data, not the helper's choice
    expect(dataOwnerOf(storage, 'someone-else')).toBe('someone-else');
  });
});

describe('mirrorNameFor', () => {
  // each person's data lives in a database of its own: switching never mixes two people's data
  it('the account\'s own data in the app\'s mirror, a person\'s in one named after them', () => {
    expect(mirrorNameFor(HELPER, HELPER)).toBe('rezeptpost');
    expect(mirrorNameFor(HELPER, HELPER)).toBe(LOCAL_DB_NAME);
    expect(mirrorNameFor('rosa', HELPER)).toBe('rezeptpost-for-rosa');
  });
});

describe('helpedPeople', () => {
  it('are the people stored for this helper, none for another account', () => {
    const storage = memoryStorage();
    expect(helpedPeople(storage, HELPER)).toEqual([]);
    setHelpedPeople(storage, HELPER, [ROSA, HANS]);
    expect(helpedPeople(storage, HELPER)).toEqual([ROSA, HANS]);
    expect(helpedPeople(storage, 'someone-else')).toEqual([]);
    expect(helpedPeople(storage, null)).toEqual([]);
  });

  it('drops entries that are no person; malformed JSON reads as none', () => {
    const mixed = memoryStorage({ [HELPING_KEY]: JSON.stringify({ helper: HELPER, people: [ROSA, { id: 'x' }, null, 'hans'] }) });
    expect(helpedPeople(mixed, HELPER)).toEqual([ROSA]);
    expect(helpedPeople(memoryStorage({ [HELPING_KEY]: 'not json' }), HELPER)).toEqual([]);
    expect(helpedPeople(memoryStorage({ [HELPING_KEY]: JSON.stringify({ helper: HELPER, people: 'rosa' }) }), HELPER)).toEqual([]);
  });
});

describe('droppedPerson', () => {
  it('is the notice left for this helper, none for another account', () => {
    const storage = memoryStorage();
    expect(droppedPerson(storage, HELPER)).toBeNull();
    setDroppedPerson(storage, HELPER, { name: 'Rosa Muster', reason: 'revoked' });
    expect(droppedPerson(storage, HELPER)).toEqual({ name: 'Rosa Muster', reason: 'revoked' });
    expect(droppedPerson(storage, 'someone-else')).toBeNull();
    // shown once: cleared afterwards
    setDroppedPerson(storage, HELPER, null);
    expect(storage.items.has(DROPPED_KEY)).toBe(false);
    expect(droppedPerson(storage, HELPER)).toBeNull();
  });

  it('a person without a name stays nameless; an unknown reason is no notice', () => {
    expect(droppedPerson(memoryStorage({ [DROPPED_KEY]: JSON.stringify({ helper: HELPER, name: 7, reason: 'revoked' }) }), HELPER)).toEqual({ name: null, reason: 'revoked' });
    expect(droppedPerson(memoryStorage({ [DROPPED_KEY]: JSON.stringify({ helper: HELPER, name: 'Rosa', reason: 'other' }) }), HELPER)).toBeNull();
    expect(droppedPerson(memoryStorage({ [DROPPED_KEY]: '{' }), HELPER)).toBeNull();
  });
});

describe('forgetActing', () => {
  // a sign-out of the helper: nothing of their choices stays on the device
  it('removes the choice, the people and the notice, and leaves other keys', () => {
    const storage = memoryStorage({ unrelated: 'kept' });
    setActingFor(storage, HELPER, ROSA);
    setHelpedPeople(storage, HELPER, [ROSA]);
    setDroppedPerson(storage, HELPER, { name: 'Hans', reason: 'revoked' });
    expect([...storage.items.keys()].sort()).toEqual([ACTING_FOR_KEY, DROPPED_KEY, HELPING_KEY, 'unrelated'].sort());
    forgetActing(storage);
    expect([...storage.items.keys()]).toEqual(['unrelated']);
    expect(actingFor(storage, HELPER)).toBeNull();
    expect(helpedPeople(storage, HELPER)).toEqual([]);
    expect(droppedPerson(storage, HELPER)).toBeNull();
  });
});

describe('appMirrorName', () => {
  // the session as supabase-js stores it: a session needs both tokens and a user id
  const session = (userId: string) => JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: userId } });

  it('without a stored session: the app\'s own mirror', () => {
    const storage = memoryStorage();
    // a choice alone opens nothing: no one is signed in to have made it
    setActingFor(storage, HELPER, ROSA);
    expect(appMirrorName(storage)).toBe('rezeptpost');
    expect(appMirrorName(undefined)).toBe('rezeptpost');
  });

  it('a session that lacks a token counts as none', () => {
    const storage = memoryStorage({ [storedSessionKey()]: JSON.stringify({ access_token: 'a', user: { id: HELPER } }) });
    setActingFor(storage, HELPER, ROSA);
    expect(appMirrorName(storage)).toBe('rezeptpost');
  });

  it('with a session: the own mirror, or the chosen person\'s', () => {
    const storage = memoryStorage({ [storedSessionKey()]: session(HELPER) });
    expect(appMirrorName(storage)).toBe('rezeptpost');
    setActingFor(storage, HELPER, ROSA);
    expect(appMirrorName(storage)).toBe('rezeptpost-for-rosa');
  });

  // another account signed in on the device where the helper chose: its own mirror
  it('a choice of another account does not count', () => {
    const storage = memoryStorage({ [storedSessionKey()]: session('someone-else') });
    setActingFor(storage, HELPER, ROSA);
    expect(appMirrorName(storage)).toBe('rezeptpost');
  });
});

describe('the change event', () => {
  /** The page's event target: the node environment has no globalThis.dispatchEvent, a browser page has. */
  const page = () => {
    const target = new EventTarget();
    vi.stubGlobal('dispatchEvent', target.dispatchEvent.bind(target));
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    const heard = vi.fn();
    globalThis.addEventListener(ACTING_CHANGED_EVENT, heard);
    return heard;
  };

  // the `storage` event reaches only the other tabs: this page learns of its own change by this event
  it('every write tells the page', () => {
    const heard = page();
    const storage = memoryStorage();
    setActingFor(storage, HELPER, ROSA);
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as Event).type).toBe(ACTING_CHANGED_EVENT);
    setHelpedPeople(storage, HELPER, [ROSA]);
    setDroppedPerson(storage, HELPER, { name: null, reason: 'revoked' });
    expect(heard).toHaveBeenCalledTimes(3);
    forgetActing(storage);
    expect(heard).toHaveBeenCalledTimes(6);
  });

  it('a read tells nothing', () => {
    const heard = page();
    const storage = memoryStorage();
    actingFor(storage, HELPER);
    helpedPeople(storage, HELPER);
    droppedPerson(storage, HELPER);
    appMirrorName(storage);
    expect(heard).not.toHaveBeenCalled();
  });

  // a storage that refuses (private mode, full) still lets the page follow the choice
  it('a refused write does not throw and still tells the page', () => {
    const heard = page();
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(() => setActingFor(refusing, HELPER, ROSA)).not.toThrow();
    expect(heard).toHaveBeenCalledOnce();
  });

  it('without a page (no globalThis.dispatchEvent) a write still stores', () => {
    expect((globalThis as { dispatchEvent?: unknown }).dispatchEvent).toBeUndefined();
    const storage = memoryStorage();
    setActingFor(storage, HELPER, ROSA);
    expect(actingFor(storage, HELPER)).toEqual(ROSA);
  });
});
