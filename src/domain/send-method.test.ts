import { describe, expect, it } from 'vitest';
import { espacePartnerById, espacePartnersOfType, needsDoctor, needsLocation, sendMethodStage } from './send-method.ts';

describe('send method flow', () => {
  // spec §4 Prescription send method: unset -> chooser; once set, send-asap question if send_asap not set
  it.each([
    [null, 'choose'],
    [{ prescription_send_method: null, send_asap: true }, 'choose'],
    [{ prescription_send_method: 'post', send_asap: null }, 'sendAsap'],
    [{ prescription_send_method: 'espace', send_asap: false }, 'done'],
    [{ prescription_send_method: 'email', send_asap: true }, 'done'],
  ] as const)('%j -> %s', (info, stage) => {
    expect(sendMethodStage(info)).toBe(stage);
  });

  // spec §4: espace leads to a location pick; post or email ask for doctor and practice names
  it.each([
    ['espace', true, false],
    ['post', false, true],
    ['email', false, true],
    [null, false, false],
  ] as const)('%s: location %s, doctor %s', (method, location, doctor) => {
    expect(needsLocation(method)).toBe(location);
    expect(needsDoctor(method)).toBe(doctor);
  });

  // spec §9 Cooperating partners for method espace: 7 practices and 3 pharmacies
  it('lists partners by type and finds them by id', () => {
    expect(espacePartnersOfType('practice')).toHaveLength(7);
    expect(espacePartnersOfType('pharmacy')).toHaveLength(3);
    expect(espacePartnerById('apo-zytglogge')?.city).toBe('Bern');
    expect(espacePartnerById('nope')).toBeNull();
    expect(espacePartnerById(null)).toBeNull();
  });
});
