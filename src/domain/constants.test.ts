import { describe, expect, it } from 'vitest';
import { ESPACE_PARTNERS, OPENING_HOURS, PHONE_PATTERN, VERSION } from './constants.ts';

describe('constants', () => {
  // spec §9 Cooperating partners for method espace: 7 practices and 3 pharmacies
  it('has 7 practices and 3 pharmacies with unique ids', () => {
    expect(ESPACE_PARTNERS.filter((p) => p.type === 'practice')).toHaveLength(7);
    expect(ESPACE_PARTNERS.filter((p) => p.type === 'pharmacy')).toHaveLength(3);
    expect(new Set(ESPACE_PARTNERS.map((p) => p.id)).size).toBe(ESPACE_PARTNERS.length);
  });

  // spec §9 Phone: 0 plus 9 digits
  it.each([
    ['0791234567', true],
    ['079123456', false],
    ['07912345678', false],
    ['1791234567', false],
    ['079 123 45 67', false],
  ])('phone %s -> %s', (phone, valid) => {
    expect(PHONE_PATTERN.test(phone)).toBe(valid);
  });

  // spec §9 Opening hours Mon to Fri, 08:00 to 17:00; version label v1.6.1
  it('opening hours and version', () => {
    expect(OPENING_HOURS).toEqual({ weekdays: [1, 2, 3, 4, 5], open: '08:00', close: '17:00' });
    expect(VERSION).toBe('v1.6.1');
  });
});
