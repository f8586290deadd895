// Issue 41: a helper's side of the grants, as their device uses them — the people they may act for
// (accepted, standing grants), the people who ended the help, and the grant from one person.
import { grantState, type CaregiverGrant, type CaregiverRight } from './grants';

/** A person this account helps, as the switcher offers them. */
export interface HelpedPerson {
  id: string;
  name: string | null;
  rights: CaregiverRight[];
}

export const helpedPersonOf = (grant: CaregiverGrant): HelpedPerson => ({ id: grant.patient_id, name: grant.patient_name, rights: grant.rights });

/** The people a helper may act for now (one per person: a person grants one standing help to a helper). */
export function peopleHelped(helping: readonly CaregiverGrant[], now: Date): HelpedPerson[] {
  return helping.filter((g) => grantState(g, now) === 'active').map(helpedPersonOf);
}

/** The people who ended the help (and gave none again since), by the grant that ended. */
export function helpEnded(helping: readonly CaregiverGrant[], now: Date): Array<{ grantId: string; person: HelpedPerson }> {
  const active = new Set(peopleHelped(helping, now).map((p) => p.id));
  return helping.filter((g) => grantState(g, now) === 'ended' && !active.has(g.patient_id)).map((g) => ({ grantId: g.id, person: helpedPersonOf(g) }));
}

/**
 * Where the help of `helperId` for `personId` stands, from the grants a person's mirror holds:
 * active (with the rights now), ended, or unknown (no grant seen yet: the first pull is under way).
 */
export function helpFor(grants: readonly CaregiverGrant[], helperId: string, personId: string, now: Date): { state: 'active'; person: HelpedPerson } | { state: 'ended'; person: HelpedPerson } | { state: 'unknown' } {
  const own = grants.filter((g) => g.helper_id === helperId && g.patient_id === personId);
  const standing = own.find((g) => grantState(g, now) === 'active');
  if (standing) return { state: 'active', person: helpedPersonOf(standing) };
  const ended = own.find((g) => grantState(g, now) === 'ended');
  return ended ? { state: 'ended', person: helpedPersonOf(ended) } : { state: 'unknown' };
}
