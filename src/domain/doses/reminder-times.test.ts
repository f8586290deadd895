// spec §4 Intake period; issue 28: reminders at the plan's period times (the eMediplan's by default),
// the same as the server's public.dose_reminder_times (tests/backend/dose-reminders.test.ts sends at them).
import { describe, expect, it } from 'vitest';
import { reminderTimeList, reminderTimes } from './reminder-times';

describe('reminderTimes', () => {
  it.each([
    ['morning', '08:00'],
    ['noon', '12:00'],
    ['evening', '18:00'],
    ['night', '22:00'],
  ] as const)('%s at %s by default', (period, time) => {
    expect(reminderTimes()[period]).toBe(time);
  });

  it('lists them in the order of the day', () => {
    expect(reminderTimeList()).toEqual(['08:00', '12:00', '18:00', '22:00']);
  });

  it('the patient’s own times where the plan settings have them', () => {
    const times = reminderTimes({ morning_time: '07:15', noon_time: '12:30', evening_time: '19:00', night_time: '23:00' });
    expect(reminderTimeList(times)).toEqual(['07:15', '12:30', '19:00', '23:00']);
  });
});
