// Issue 41: what follows the caregiver grants on a helper's device (local/acting-for.ts keeps the choice).
// - In the account's own mirror: the people it helps (accepted, standing grants) are kept for the
//   switcher; a person who ended the help loses their mirror on this device, queued changes too.
// - In a person's mirror: the helper's grant from that person is watched; once it ends (realtime
//   brings the change, or the next pull), the person's mirror and queued changes are dropped and
//   the helper is told why. The server refused every read and write from the moment of the
//   revocation already (can_act_for); this clears what the device still held.
import Dexie, { liveQuery } from 'dexie';
import { helpEnded, helpFor, peopleHelped, type HelpedPerson } from '../../domain/caregivers/helped-people';
import type { LocalDb } from '../local/local-db';
import { dexieReads } from '../local/mirror-reads';
import { tableQuery } from '../local/mirror-query';
import { caregiverGrantsRead } from '../tables/caregiver-grants';
import { mirrorNameFor } from '../local/acting-for';

const grantsQuery = tableQuery(caregiverGrantsRead);

export interface HelpedPeopleDeps {
  db: LocalDb;
  userId: string;
  now: () => Date;
  /** the people to offer in the switcher changed */
  people: (people: HelpedPerson[]) => void;
  /** deletes a mirror database by name; resolves whether there was one */
  deleteMirror?: (name: string) => Promise<boolean>;
  /** a person's mirror was dropped here because the help ended */
  dropped: (person: Pick<HelpedPerson, 'id' | 'name'>) => void;
}

/** Deletes a mirror if this device holds one (Dexie.exists opens nothing it would create). */
export async function deleteMirrorNamed(name: string): Promise<boolean> {
  if (!(await Dexie.exists(name))) return false;
  await Dexie.delete(name);
  return true;
}

/** The account's own mirror: keeps the switcher's people, drops the mirrors of people who ended the help. Returns the stop. */
export function watchHelpedPeople(deps: HelpedPeopleDeps): () => void {
  const deleteMirror = deps.deleteMirror ?? deleteMirrorNamed;
  const handled = new Set<string>();
  const subscription = liveQuery(() => grantsQuery.read(dexieReads(deps.db))).subscribe({
    next: ({ helping }) => {
      const now = deps.now();
      deps.people(peopleHelped(helping, now));
      for (const { grantId, person } of helpEnded(helping, now)) {
        if (handled.has(grantId)) continue;
        handled.add(grantId);
        void deleteMirror(mirrorNameFor(person.id, deps.userId)).then(
          (had) => had && deps.dropped(person),
          (error: unknown) => console.error(error),
        );
      }
    },
    error: (error: unknown) => console.error(error),
  });
  return () => subscription.unsubscribe();
}

export interface HelpedGrantDeps {
  db: LocalDb;
  userId: string;
  personId: string;
  now: () => Date;
  /** the grant is standing: its rights and the person's name as the server has them now */
  active: (person: HelpedPerson) => void;
  /** the grant ended (revoked by either side) */
  ended: (person: Pick<HelpedPerson, 'id' | 'name'>) => void;
}

/** A person's mirror: follows the helper's grant from this person. Returns the stop. */
export function watchHelpedGrant(deps: HelpedGrantDeps): () => void {
  let over = false;
  let seen: HelpedPerson | null = null;
  const subscription = liveQuery(() => grantsQuery.read(dexieReads(deps.db))).subscribe({
    next: ({ helpers }) => {
      if (over) return;
      const help = helpFor(helpers, deps.userId, deps.personId, deps.now());
      if (help.state === 'active') {
        seen = help.person;
        deps.active(help.person);
      } else if (help.state === 'ended' || seen) {
        // a grant seen standing that is gone now was deleted with the person's account
        over = true;
        deps.ended(help.state === 'ended' ? help.person : seen!);
      }
    },
    error: (error: unknown) => console.error(error),
  });
  return () => subscription.unsubscribe();
}
