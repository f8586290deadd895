import { describe, expect, it } from 'vitest';
import { espacePartnerById, espacePartnersOfType, isAnnouncedNotArrived, needsDoctor, needsLocation, sendMethodStage } from './send-method.ts';

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

// spec §4 Awaiting; issue 38 item 6: one status, not "announced by post, not yet arrived" right
// above "at the pharmacy since …"
describe('announced, not yet arrived', () => {
  const post = { prescription_send_method: 'post' as const, handled: false, created_at: '2026-05-01T10:00:00Z' };
  const atPharmacy = (sentAt: string) => ({ sentAt, pending: false, refused: null });
  it.each([
    ['no send method', null, [], false],
    ['announced by post, nothing else', post, [], true],
    ['the pharmacy has it (handled)', { ...post, handled: true }, [atPharmacy('2026-05-02T10:00:00Z')], false],
    ['an e-prescription at the pharmacy since after the announcement: its status', post, [atPharmacy('2026-05-02T10:00:00Z')], false],
    ['an e-prescription sent before the post was announced: the post still comes', post, [atPharmacy('2026-04-20T10:00:00Z')], true],
    ['the e-prescription still waits on this device: the post announcement stands', post, [{ sentAt: '2026-05-02T10:00:00Z', pending: true, refused: null }], true],
    ['the e-prescription was refused', post, [{ sentAt: '2026-05-02T10:00:00Z', pending: false, refused: 'setup_incomplete' }], true],
    ['the way is the e-prescription: the list says each one\'s status', { ...post, prescription_send_method: 'eprescription' as const }, [], false],
    ['an announcement made on this device, not yet on the server', { ...post, created_at: undefined }, [atPharmacy('2026-05-02T10:00:00Z')], true],
  ])('%s: %s', (_name, info, sent, expected) => {
    expect(isAnnouncedNotArrived(info, sent)).toBe(expected);
  });
});
