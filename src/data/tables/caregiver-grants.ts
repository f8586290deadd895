// Issue 41 (decision 0052, supabase/migrations/20261128100000_caregiver_grants.sql): the caregiver
// grants as the mirror holds them — a patient's invitations and helpers, and a helper's grants
// from the patients they help: one table, two columns that may name the mirror's owner. Read only:
// the RPCs caregiver_invite, caregiver_accept and caregiver_revoke write the grants.
import type { CaregiverGrant } from '../../domain/caregivers/grants';
import { always, declareTable, type TableRead } from './table-declaration';

export const CAREGIVER_GRANTS_TABLE = 'caregiver_grants';

/** Every column a client may read (the invitation code's hash is the server's alone). */
const COLUMNS = 'id, patient_id, helper_id, helper_name, rights, invited_email, code_expires_at, created_at, accepted_at, revoked_at, revoked_by, missed_dose_alert, alert_shows_names, patient_name';

export interface CaregiverGrants {
  /** the account's own invitations and helpers (as the patient), newest first */
  helpers: CaregiverGrant[];
  /** the grants of the people this account helps, newest first */
  helping: CaregiverGrant[];
}

/** The grants of the mirror's owner, as the patient's and as a helper's (the helpers screen's read). */
export const caregiverGrantsRead: TableRead<CaregiverGrants> = {
  key: 'caregiverGrants',
  none: { helpers: [], helping: [] },
  read: async (reads) => {
    const rows = (await reads.rows(CAREGIVER_GRANTS_TABLE)) as unknown as CaregiverGrant[];
    rows.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    return { helpers: rows.filter((g) => g.patient_id === reads.owner), helping: rows.filter((g) => g.helper_id === reads.owner) };
  },
};

export const caregiverGrants = declareTable({
  name: CAREGIVER_GRANTS_TABLE,
  mirror: 'rows',
  key: ['id'],
  write: null,
  columns: COLUMNS,
  // the patient's grants and the helper's own: either column names the mirror's owner
  owners: ['patient_id', 'helper_id'],
  readAhead: caregiverGrantsRead,
  label: always('sync.kind.caregiverGrant'),
});
