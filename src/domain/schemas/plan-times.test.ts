import { describe, expect, it } from 'vitest';
import { planTimesSchema } from './plan-times';
import { validate } from './validate';

const DEFAULTS = { morning_time: '08:00', noon_time: '12:00', evening_time: '18:00', night_time: '22:00' };

// The plan's period times: the eMediplan's columns 08/12/18/22 h, which the patient may move
describe('planTimesSchema', () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['the eMediplan\'s times', DEFAULTS, DEFAULTS],
    ['times of the patient, trimmed', { morning_time: ' 06:45', noon_time: '11:30 ', evening_time: '17:15', night_time: '23:59' }, { morning_time: '06:45', noon_time: '11:30', evening_time: '17:15', night_time: '23:59' }],
    ['the first minute of the day', { ...DEFAULTS, morning_time: '00:00' }, { ...DEFAULTS, morning_time: '00:00' }],
  ])('takes %s', (_, input, output) => {
    expect(validate(planTimesSchema, input)).toEqual({ success: true, output });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['an empty time', { ...DEFAULTS, noon_time: ' ' }, { noon_time: 'validation.required' }],
    ['a missing time', { morning_time: '08:00', noon_time: '12:00', evening_time: '18:00' }, { night_time: 'validation.required' }],
    ['hour 24', { ...DEFAULTS, night_time: '24:00' }, { night_time: 'validation.timeOfDay' }],
    ['minute 60', { ...DEFAULTS, morning_time: '07:60' }, { morning_time: 'validation.timeOfDay' }],
    ['one digit hour', { ...DEFAULTS, morning_time: '8:00' }, { morning_time: 'validation.timeOfDay' }],
    ['seconds', { ...DEFAULTS, morning_time: '08:00:00' }, { morning_time: 'validation.timeOfDay' }],
    ['12-hour clock', { ...DEFAULTS, evening_time: '6 pm' }, { evening_time: 'validation.timeOfDay' }],
    ['noon before morning', { ...DEFAULTS, noon_time: '07:00' }, { noon_time: 'validation.timeOrder' }],
    ['evening equal to noon', { ...DEFAULTS, evening_time: '12:00' }, { evening_time: 'validation.timeOrder' }],
    // a night after midnight would read as the next day's: the four stay within one day
    ['night after midnight', { ...DEFAULTS, night_time: '00:30' }, { night_time: 'validation.timeOrder' }],
  ])('refuses %s, at the field', (_, input, errors) => {
    expect(validate(planTimesSchema, input)).toEqual({ success: false, errors });
  });

  it('checks the order only between readable times', () => {
    expect(validate(planTimesSchema, { ...DEFAULTS, noon_time: 'x', evening_time: '07:00' })).toEqual({ success: false, errors: { noon_time: 'validation.timeOfDay' } });
  });
});
