import { describe, expect, it } from 'vitest';
import { DOSE_MARK_KEY, DOSE_MARK_TABLE, doseMarkRowKey } from './dose-marks';
import { rowKey, syncedTable } from './synced-tables';

// issue 24: the screens name a dose's row by doseMarkRowKey; it must name it as the registry's rowKey does
describe('the dose marks\' keys in the mirror', () => {
  it('a dose\'s key is the registry\'s rowKey of its row', () => {
    const t = syncedTable(DOSE_MARK_TABLE);
    expect(t.key).toEqual(DOSE_MARK_KEY);
    const row = { customer_id: 'c1', prescription_id: 41, day: '2026-11-24', period: 'night', status: 'taken' };
    expect(doseMarkRowKey('c1', { prescription_id: 41, day: '2026-11-24', period: 'night' })).toBe(rowKey(t, row));
    expect(t).toMatchObject({ mirror: 'rows', write: 'upsert', pullWindow: { column: 'day', days: 90 } });
    expect(t.label('write', [])).toBe('sync.kind.doseMark');
  });
});
