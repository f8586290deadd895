import { describe, expect, it } from 'vitest';
import { DEFAULT_REFILL_LEAD_DAYS, periodTimeColumns, periodTimesOf, refillLeadDaysOf } from './plan-settings';

const EMEDIPLAN = { morning: '08:00', noon: '12:00', evening: '18:00', night: '22:00' };

// The eMediplan's columns (chmed16a/README.md: morning 08:00, noon 12:00, evening 18:00, night 22:00)
describe('periodTimesOf', () => {
  it.each<[string, Parameters<typeof periodTimesOf>[0], object]>([
    ['nothing stored', null, EMEDIPLAN],
    ['not yet read', undefined, EMEDIPLAN],
    ['the patient\'s times', { morning_time: '07:15', noon_time: '12:30', evening_time: '19:00', night_time: '23:00' }, { morning: '07:15', noon: '12:30', evening: '19:00', night: '23:00' }],
    ['a row without its times (another column written alone)', { morning_time: '07:15' }, EMEDIPLAN],
    ['a malformed time', { morning_time: '7:15', noon_time: '12:30', evening_time: '19:00', night_time: '23:00' }, EMEDIPLAN],
    ['times out of order', { morning_time: '13:00', noon_time: '12:30', evening_time: '19:00', night_time: '23:00' }, EMEDIPLAN],
  ])('%s', (_, stored, expected) => {
    expect(periodTimesOf(stored)).toEqual(expected);
  });

  it('and back to the columns', () => {
    expect(periodTimeColumns(EMEDIPLAN)).toEqual({ morning_time: '08:00', noon_time: '12:00', evening_time: '18:00', night_time: '22:00' });
  });
});

// the column's check: refill_lead_days between 1 and 60 (20261125001100_patient_plan_settings.sql)
describe('refillLeadDaysOf', () => {
  it.each([
    ['nothing stored', null, DEFAULT_REFILL_LEAD_DAYS],
    ['a row without the column', {}, DEFAULT_REFILL_LEAD_DAYS],
    ['the lowest', { refill_lead_days: 1 }, 1],
    ['the highest', { refill_lead_days: 60 }, 60],
    ['the patient\'s 14', { refill_lead_days: 14 }, 14],
    ['0', { refill_lead_days: 0 }, DEFAULT_REFILL_LEAD_DAYS],
    ['61', { refill_lead_days: 61 }, DEFAULT_REFILL_LEAD_DAYS],
    ['a fraction', { refill_lead_days: 7.5 }, DEFAULT_REFILL_LEAD_DAYS],
  ])('%s -> %i', (_name, settings, days) => {
    expect(refillLeadDaysOf(settings)).toBe(days);
  });

  it('the default is 10 days', () => {
    expect(DEFAULT_REFILL_LEAD_DAYS).toBe(10);
  });
});
