// issue 41: a helper acts for a person on their own device — the people the switcher offers
// (standing grants only), the people who ended the help (and not given it again), and where the
// help of one helper for one person stands in that person's mirror.
import { describe, expect, it } from 'vitest';
import type { CaregiverGrant } from './grants';
import { helpEnded, helpFor, helpedPersonOf, peopleHelped } from './helped-people';

const NOW = new Date('2026-11-28T12:00:00Z');
const HELPER = 'helper-anna';

/** A grant as the mirror holds it; by default accepted (active) and given to HELPER. */
const grant = (id: string, over: Partial<CaregiverGrant> = {}): CaregiverGrant => ({
  id,
  patient_id: 'rosa',
  helper_id: HELPER,
  helper_name: 'Anna',
  patient_name: 'Rosa Muster',
  rights: ['see', 'tick'],
  invited_email: null,
  code_expires_at: '2026-11-21T10:00:00Z',
  created_at: '2026-11-20T10:00:00Z',
  accepted_at: '2026-11-20T11:00:00Z',
  revoked_at: null,
  revoked_by: null,
  missed_dose_alert: false,
  alert_shows_names: false,
  ...over,
});

// grantState: pending (code still valid, not accepted), expired (code ran out unused), ended (revoked)
const pending = (id: string, over: Partial<CaregiverGrant> = {}) => grant(id, { accepted_at: null, code_expires_at: '2026-11-29T10:00:00Z', ...over });
const expired = (id: string, over: Partial<CaregiverGrant> = {}) => grant(id, { accepted_at: null, code_expires_at: '2026-11-28T11:00:00Z', ...over });
const ended = (id: string, over: Partial<CaregiverGrant> = {}) => grant(id, { revoked_at: '2026-11-27T09:00:00Z', revoked_by: 'rosa', ...over });

describe('helpedPersonOf', () => {
  // the switcher names the person by the name the server set for the helper, with the grant's rights
  it('is the grant\'s person: id, name as the helper sees it, rights', () => {
    expect(helpedPersonOf(grant('g', { patient_id: 'p1', patient_name: 'Hans', rights: ['order'] }))).toEqual({ id: 'p1', name: 'Hans', rights: ['order'] });
  });
});

describe('peopleHelped', () => {
  it('offers only accepted grants that were not ended', () => {
    const helping = [
      grant('active-rosa', { patient_id: 'rosa', patient_name: 'Rosa', rights: ['see'] }),
      pending('pending-hans', { patient_id: 'hans' }),
      expired('expired-eva', { patient_id: 'eva' }),
      ended('ended-kurt', { patient_id: 'kurt' }),
      grant('active-beat', { patient_id: 'beat', patient_name: null, rights: ['see', 'order'] }),
    ];
    expect(peopleHelped(helping, NOW)).toEqual([
      { id: 'rosa', name: 'Rosa', rights: ['see'] },
      { id: 'beat', name: null, rights: ['see', 'order'] },
    ]);
  });

  // an accepted grant stays standing whatever its (long expired) code says; a revoked one
  // that was accepted is ended
  it('reads the state at `now`: an accepted grant with an old code counts, an accepted one revoked does not', () => {
    expect(peopleHelped([grant('a', { code_expires_at: '2020-01-01T00:00:00Z' })], NOW).map((p) => p.id)).toEqual(['rosa']);
    expect(peopleHelped([ended('b')], NOW)).toEqual([]);
    expect(peopleHelped([], NOW)).toEqual([]);
  });
});

describe('helpEnded', () => {
  it('names each ended grant with its person; pending, expired and active ones are not ended', () => {
    const helping = [grant('active-rosa'), pending('p', { patient_id: 'hans' }), expired('e', { patient_id: 'eva' }), ended('ended-kurt', { patient_id: 'kurt', patient_name: 'Kurt' })];
    expect(helpEnded(helping, NOW)).toEqual([{ grantId: 'ended-kurt', person: { id: 'kurt', name: 'Kurt', rights: ['see', 'tick'] } }]);
  });

  // a person who ended the help and gave it again since keeps their mirror on this device:
  // the old, ended grant must not drop it
  it('leaves out a person who has an active grant again', () => {
    const helping = [grant('again-rosa', { patient_id: 'rosa' }), ended('old-rosa', { patient_id: 'rosa' }), ended('old-kurt', { patient_id: 'kurt' })];
    expect(helpEnded(helping, NOW).map((e) => e.grantId)).toEqual(['old-kurt']);
  });

  // a pending invitation of the same person is not help again: the ended grant still counts
  it('still names a person whose new invitation is only pending', () => {
    const helping = [pending('new-rosa', { patient_id: 'rosa' }), ended('old-rosa', { patient_id: 'rosa' })];
    expect(helpEnded(helping, NOW).map((e) => e.grantId)).toEqual(['old-rosa']);
  });

  it('names every ended grant of a person (each grant is handled once by its id)', () => {
    const helping = [ended('first', { patient_id: 'rosa' }), ended('second', { patient_id: 'rosa' })];
    expect(helpEnded(helping, NOW).map((e) => e.grantId)).toEqual(['first', 'second']);
  });
});

describe('helpFor', () => {
  it('active: the person with the rights the grant has now', () => {
    const grants = [grant('g', { rights: ['see', 'order'], patient_name: 'Rosa' })];
    expect(helpFor(grants, HELPER, 'rosa', NOW)).toEqual({ state: 'active', person: { id: 'rosa', name: 'Rosa', rights: ['see', 'order'] } });
  });

  it('ended: the grant was revoked (by either side)', () => {
    expect(helpFor([ended('g', { patient_name: 'Rosa' })], HELPER, 'rosa', NOW)).toEqual({ state: 'ended', person: { id: 'rosa', name: 'Rosa', rights: ['see', 'tick'] } });
  });

  // no grant seen yet: the person's mirror is still being pulled; nothing may be dropped
  it('unknown: no grant of this helper from this person', () => {
    expect(helpFor([], HELPER, 'rosa', NOW)).toEqual({ state: 'unknown' });
    // a pending or expired grant is neither standing nor ended
    expect(helpFor([pending('p'), expired('e')], HELPER, 'rosa', NOW)).toEqual({ state: 'unknown' });
  });

  // a person's mirror holds the grants of all their helpers: only this helper's counts
  it('only the grant of this helper and this person counts', () => {
    const grants = [
      grant('other-helper', { helper_id: 'helper-beat', rights: ['see', 'tick', 'order', 'send'] }),
      ended('other-person', { patient_id: 'kurt' }),
    ];
    expect(helpFor(grants, HELPER, 'rosa', NOW)).toEqual({ state: 'unknown' });
    expect(helpFor([...grants, ended('mine')], HELPER, 'rosa', NOW).state).toBe('ended');
    // another helper's revoked grant does not end this helper's standing one
    expect(helpFor([ended('beat-ended', { helper_id: 'helper-beat' }), grant('mine', { rights: ['see'] })], HELPER, 'rosa', NOW)).toEqual({
      state: 'active',
      person: { id: 'rosa', name: 'Rosa Muster', rights: ['see'] },
    });
  });

  // a grant given again after an ended one: the standing one wins, whatever the order
  it('a standing grant wins over an ended one of the same pair', () => {
    expect(helpFor([ended('old'), grant('new')], HELPER, 'rosa', NOW).state).toBe('active');
    expect(helpFor([grant('new'), ended('old')], HELPER, 'rosa', NOW).state).toBe('active');
  });
});
