// issue 41 item 3: the patient's profile lists each helper's last action
import { describe, expect, it } from 'vitest';
import { lastActions } from './last-actions';

const mark = (acted_by: string | null, marked_at: string) => ({ acted_by, marked_at, status: 'taken' });
const order = (acted_by: string | null, created_at: string, status = 0) => ({ acted_by, created_at, status });

describe('lastActions', () => {
  it('is the latest of each helper\'s marks and orders', () => {
    const last = lastActions(
      ['anna', 'ben'],
      [mark('anna', '2026-11-27T07:00:00Z'), mark('anna', '2026-11-28T19:00:00Z'), mark('ben', '2026-11-20T07:00:00Z')],
      [order('anna', '2026-11-28T10:00:00Z'), order('ben', '2026-11-25T10:00:00Z')],
    );
    expect(last.get('anna')).toEqual({ kind: 'dose', at: '2026-11-28T19:00:00Z' });
    expect(last.get('ben')).toEqual({ kind: 'order', at: '2026-11-25T10:00:00Z' });
  });

  it('leaves out the patient\'s own, other accounts, cancelled orders and helpers who did nothing', () => {
    const last = lastActions(['anna', 'carla'], [mark('p', '2026-11-28T07:00:00Z'), mark(null, '2026-11-28T07:00:00Z'), mark('zoe', '2026-11-28T07:00:00Z')], [order('anna', '2026-11-28T10:00:00Z', 99)]);
    expect([...last]).toEqual([]);
  });
});
