// A patient's helpers (issue 41): the rights a grant gives and where a grant stands — the rules
// the server holds (supabase/migrations/20261128100000_caregiver_grants.sql: can_act_for,
// caregiver_accept), read by the screens that list and accept grants.

export const CAREGIVER_RIGHTS = ['see', 'tick', 'order', 'send'] as const;
export type CaregiverRight = (typeof CAREGIVER_RIGHTS)[number];

/** A grant as a client reads it (never the code's hash; the table: src/data/tables/caregiver-grants.ts). */
export interface CaregiverGrant {
  id: string;
  patient_id: string;
  helper_id: string | null;
  helper_name: string | null;
  /** the patient's name as the helper sees it (set by the server when the helper accepted) */
  patient_name: string | null;
  rights: CaregiverRight[];
  invited_email: string | null;
  code_expires_at: string;
  created_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  /** the helper asked for a push when a period's doses are still unmarked 60 minutes after its time */
  missed_dose_alert: boolean;
  /** the patient lets those pushes name the medications */
  alert_shows_names: boolean;
}

/** pending: waits for the helper (code valid); expired: the code ran out unused; active: accepted; ended: withdrawn, removed or left. */
export type GrantState = 'pending' | 'expired' | 'active' | 'ended';

export function grantState(grant: Pick<CaregiverGrant, 'accepted_at' | 'revoked_at' | 'code_expires_at'>, now: Date): GrantState {
  if (grant.revoked_at !== null) return 'ended';
  if (grant.accepted_at !== null) return 'active';
  return Date.parse(grant.code_expires_at) > now.getTime() ? 'pending' : 'expired';
}

/** Whether a standing grant lets its helper do this: every right implies seeing (as can_act_for). */
export function grantAllows(grant: { rights: readonly CaregiverRight[] }, right: CaregiverRight): boolean {
  return right === 'see' ? grant.rights.length > 0 : grant.rights.includes(right);
}

/**
 * The invitation code as a person types it, in the form the server hashes: case, spaces and
 * dashes ignored, O read as 0 and I, L as 1 (Crockford's base 32); null unless 16 symbols remain.
 */
export function normaliseInvitationCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return /^[0-9A-HJKMNP-TV-Z]{16}$/.test(code) ? code : null;
}

/** The code as shown: four groups of four. */
export const formatInvitationCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

/** A helper who wrote a row of the patient: by the name they gave when they accepted (null: none known). */
export interface HelperActor {
  name: string | null;
}

/**
 * Who wrote a row of the patient's, from its `acted_by` (stamped by the server): a helper, named
 * by a grant of the patient's that names them (the newest with a name: `grants` newest first, as
 * the mirror's read gives them; a grant ended since still names who it was) — or null when the
 * patient wrote it, the pharmacy or the server did (null), or it was written on this device and
 * not stamped yet.
 */
export function helperActor(actedBy: unknown, patientId: string, grants: readonly Pick<CaregiverGrant, 'patient_id' | 'helper_id' | 'helper_name'>[]): HelperActor | null {
  if (typeof actedBy !== 'string' || actedBy === '' || actedBy === patientId) return null;
  const named = grants.find((g) => g.patient_id === patientId && g.helper_id === actedBy && g.helper_name?.trim());
  return { name: named?.helper_name?.trim() ?? null };
}
