// Issue 41: the grants' consequences on this device, wired to its storage and page (the patient
// session starts this beside the runtime, helped-people.ts decides). In a person's mirror, the end
// of the help stops the session, deletes that mirror (its queued changes with it), returns the
// helper to their own data and leaves a notice saying why.
import type { LocalDb } from '../local/local-db';
import {
  actingFor,
  helpedPeople,
  setActingFor,
  setDroppedPerson,
  setHelpedPeople,
  type HelpedPerson,
} from '../local/acting-for';
import { watchHelpedGrant, watchHelpedPeople } from './helped-people';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface HelperDeviceDeps {
  db: LocalDb;
  userId: string;
  /** whose mirror this is: the account's own, or a person it helps */
  owner: string;
  storage: Storage | undefined;
  now: () => Date;
  /** stops the session's runtime (no more pulls or sends into the mirror about to go) */
  stopRuntime: () => Promise<void>;
  /** loads the page again for the account's own data */
  reload: () => void;
  deleteMirror?: (name: string) => Promise<boolean>;
}

const samePeople = (a: readonly HelpedPerson[], b: readonly HelpedPerson[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Follows the grants for the session's mirror. Returns the stop. */
export function followGrantsOnDevice(deps: HelperDeviceDeps): () => void {
  const { db, userId, owner, storage, now } = deps;
  const forget = (id: string) => setHelpedPeople(storage, userId, helpedPeople(storage, userId).filter((p) => p.id !== id));
  const tell = (person: Pick<HelpedPerson, 'id' | 'name'>) => {
    forget(person.id);
    setDroppedPerson(storage, userId, { name: person.name, reason: 'revoked' });
  };
  if (owner === userId) {
    return watchHelpedPeople({
      db,
      userId,
      now,
      ...(deps.deleteMirror && { deleteMirror: deps.deleteMirror }),
      people: (people) => {
        if (!samePeople(people, helpedPeople(storage, userId))) setHelpedPeople(storage, userId, people);
      },
      dropped: tell,
    });
  }
  return watchHelpedGrant({
    db,
    userId,
    personId: owner,
    now,
    active: (person) => {
      // the rights and name as the server has them now (the patient may have changed the rights)
      const chosen = actingFor(storage, userId);
      if (chosen?.id === person.id && JSON.stringify(chosen) !== JSON.stringify(person)) setActingFor(storage, userId, person);
    },
    ended: (person) => {
      void (async () => {
        setActingFor(storage, userId, null);
        tell(person);
        await deps.stopRuntime().catch(() => undefined);
        await (deps.deleteMirror ? deps.deleteMirror(db.name) : db.delete().then(() => true)).catch((error: unknown) => console.error(error));
        deps.reload();
      })();
    },
  });
}
