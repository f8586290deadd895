// issue 41 item 2: a mark made by a helper names them to the patient; the patient's own does not
import { describe, expect, it } from 'vitest';
import { parseDoseMark } from './dose-mark';
import { markIdentity, marksByHelpers, withHelpers } from './marked-by';

const row = (acted_by: string | null | undefined, marked_at = '2026-03-10T08:00:00.000Z', device_id = 'd1') => ({
  customer_id: 'p',
  prescription_id: 7,
  pharmacode: 1001,
  day: '2026-03-10',
  period: 'morning',
  status: 'taken',
  reason: null,
  marked_at,
  device_id,
  ...(acted_by === undefined ? {} : { acted_by }),
});
/** The mark of a row, as the screen holds it. */
const mark = (r: Record<string, unknown>) => {
  const parsed = parseDoseMark(r);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const grants = [{ patient_id: 'p', helper_id: 'anna', helper_name: 'Anna' }];

describe('marksByHelpers', () => {
  it('names the helper of each mark a helper made, by the mark itself', () => {
    const helpers = marksByHelpers([row('anna')], 'p', grants);
    expect(helpers.get(markIdentity(mark(row('anna'))))).toEqual({ name: 'Anna' });
    // the same dose marked later (another time or device) is another mark: not hers
    expect(helpers.get(markIdentity(mark(row('anna', '2026-03-10T08:05:00.000Z'))))).toBeUndefined();
    expect(helpers.get(markIdentity(mark(row('anna', undefined, 'd2'))))).toBeUndefined();
  });

  it('leaves out the patient\'s marks, the server\'s, those not stamped yet and rows that are no marks', () => {
    expect(marksByHelpers([row('p'), row(null), row(undefined), { acted_by: 'anna', day: 'x' }], 'p', grants).size).toBe(0);
  });
});

describe('withHelpers', () => {
  it('gives each state the helper whose mark stands, null for the patient\'s own, a later tap or none', () => {
    const helpers = marksByHelpers([row('anna')], 'p', grants);
    const states = withHelpers([{ mark: mark(row('anna')) }, { mark: mark(row('anna', '2026-03-10T08:05:00.000Z')) }, { mark: null }], helpers);
    expect(states.map((s) => s.by)).toEqual([{ name: 'Anna' }, null, null]);
  });
});
