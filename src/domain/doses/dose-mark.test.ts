import { describe, expect, it } from 'vitest';
import { doseKey, parseDoseMark } from './dose-mark.ts';

const row = {
  customer_id: 'de000000-0000-4000-8000-000000000001',
  prescription_id: 12,
  pharmacode: 1234567,
  day: '2026-03-29',
  period: 'morning',
  status: 'taken',
  reason: null,
  marked_at: '2026-03-29T07:10:00.000Z',
  device_id: 'phone-a',
};

// A synced row is read, not trusted (spec §4 Intake period: four periods; the skip reasons of the check-off).
describe('reading a dose mark row', () => {
  it.each([
    ['a taken mark', {}, null],
    ['a skip with a reason', { status: 'skipped', reason: 'side_effects' }, null],
    ['an unmark', { status: 'unmarked' }, null],
    ['marked_at with an offset', { marked_at: '2026-03-29T09:10:00+02:00' }, null],
    ['a skip without a reason', { status: 'skipped' }, 'doseMark.reasonMismatch'],
    ['a reason on a taken mark', { reason: 'forgot' }, 'doseMark.reasonMismatch'],
    ['a reason on an unmark', { status: 'unmarked', reason: 'other' }, 'doseMark.reasonMismatch'],
    ['an unknown reason', { status: 'skipped', reason: 'bored' }, 'doseMark.invalid'],
    ['an unknown period', { period: 'afternoon' }, 'doseMark.invalid'],
    ['an unknown status', { status: 'done' }, 'doseMark.invalid'],
    ['an impossible day', { day: '2026-02-30' }, 'doseMark.invalid'],
    ['a timestamp as day', { day: '2026-03-29T00:00:00Z' }, 'doseMark.invalid'],
    ['an unreadable marked_at', { marked_at: 'yesterday' }, 'doseMark.invalid'],
    ['a prescription id as text', { prescription_id: '12' }, 'doseMark.invalid'],
    ['no device', { device_id: '' }, 'doseMark.invalid'],
    ['no customer', { customer_id: undefined }, 'doseMark.invalid'],
  ])('%s', (_name, over, error) => {
    const parsed = parseDoseMark({ ...row, ...over });
    expect(parsed.ok ? null : parsed.error).toBe(error);
  });

  it.each([null, 'row', [row], 42])('not an object: %j', (value) => {
    expect(parseDoseMark(value)).toEqual({ ok: false, error: 'doseMark.invalid' });
  });

  it('keeps exactly the columns of the row', () => {
    const parsed = parseDoseMark({ ...row, extra: 'dropped' });
    expect(parsed).toEqual({ ok: true, value: row });
  });
});

describe('dose key', () => {
  it('tells doses apart by prescription, day and period', () => {
    const keys = new Set([
      doseKey({ prescription_id: 1, day: '2026-01-01', period: 'morning' }),
      doseKey({ prescription_id: 1, day: '2026-01-01', period: 'noon' }),
      doseKey({ prescription_id: 1, day: '2026-01-02', period: 'morning' }),
      doseKey({ prescription_id: 2, day: '2026-01-01', period: 'morning' }),
    ]);
    expect(keys.size).toBe(4);
  });
});
