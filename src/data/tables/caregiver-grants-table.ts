// The caregiver grants (issue 41, supabase/migrations/20261128100000_caregiver_grants.sql) as the
// mirror holds them: a patient's invitations and helpers, and a helper's grants from the
// patients they help — one table, two columns that may name the mirror's owner. Read only: the
// grants are written by the RPCs caregiver_invite, caregiver_accept and caregiver_revoke.
export const CAREGIVER_GRANTS_TABLE = 'caregiver_grants';

/** Every column a client may read (the invitation code's hash is the server's alone). */
export const CAREGIVER_GRANT_COLUMNS =
  'id, patient_id, helper_id, helper_name, rights, invited_email, code_expires_at, created_at, accepted_at, revoked_at, revoked_by';

/** The patient's grants and the helper's own: either column names the mirror's owner. */
export const CAREGIVER_GRANT_OWNERS = ['patient_id', 'helper_id'] as const;
