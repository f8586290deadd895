// Which mirror a row of a 'rows' table belongs to (issue 41: the caregiver grants belong to the
// patient's mirror and to the helper's).
import { describe, expect, it } from 'vitest';
import { CAREGIVER_GRANTS_TABLE } from './caregiver-grants';
import { DOSE_MARK_TABLE } from './dose-marks';
import { ownerColumns, ownsRow, syncedTable } from './synced-tables';

const U = 'user-1';

describe('ownsRow', () => {
  it('a table of the patient\'s rows: customer_id names the owner', () => {
    const t = syncedTable(DOSE_MARK_TABLE);
    expect(ownerColumns(t)).toEqual(['customer_id']);
    expect(ownsRow(t, { customer_id: U }, U)).toBe(true);
    expect(ownsRow(t, { customer_id: 'other' }, U)).toBe(false);
    expect(ownsRow(t, {}, U)).toBe(false);
  });

  it('the caregiver grants: the patient and the helper each own the row, nobody else', () => {
    const t = syncedTable(CAREGIVER_GRANTS_TABLE);
    expect(ownsRow(t, { patient_id: U, helper_id: null }, U)).toBe(true);
    expect(ownsRow(t, { patient_id: 'patient', helper_id: U }, U)).toBe(true);
    expect(ownsRow(t, { patient_id: 'patient', helper_id: 'helper' }, U)).toBe(false);
    // the grants are written by the server's functions only, and their code's hash is never read
    expect(t.write).toBeNull();
    expect(t.columns).not.toContain('code_hash');
  });
});
