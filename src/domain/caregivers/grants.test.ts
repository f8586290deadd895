// issue 41: the rules of a grant as the server holds them (can_act_for, caregiver_accept)
import { describe, expect, it } from 'vitest';
import { formatInvitationCode, grantAllows, grantState, helperActor, normaliseInvitationCode } from './grants';

const NOW = new Date('2026-11-28T12:00:00Z');
const grant = (over: Partial<{ accepted_at: string | null; revoked_at: string | null; code_expires_at: string }>) => ({
  accepted_at: null,
  revoked_at: null,
  code_expires_at: '2026-11-29T11:00:00Z',
  ...over,
});

describe('grantState', () => {
  it.each([
    ['an open invitation', grant({}), 'pending'],
    ['an invitation past its 24 hours', grant({ code_expires_at: '2026-11-28T11:59:59Z' }), 'expired'],
    ['an invitation ending this very instant', grant({ code_expires_at: '2026-11-28T12:00:00Z' }), 'expired'],
    ['an accepted grant (its code long expired)', grant({ accepted_at: '2026-11-20T10:00:00Z', code_expires_at: '2026-11-21T10:00:00Z' }), 'active'],
    ['a withdrawn invitation', grant({ revoked_at: '2026-11-28T10:00:00Z' }), 'ended'],
    ['a removed helper', grant({ accepted_at: '2026-11-20T10:00:00Z', revoked_at: '2026-11-28T10:00:00Z' }), 'ended'],
  ] as const)('%s: %s', (_name, g, state) => {
    expect(grantState(g, NOW)).toBe(state);
  });
});

describe('grantAllows', () => {
  it('every right implies see; the others only themselves', () => {
    expect(grantAllows({ rights: ['tick'] }, 'see')).toBe(true);
    expect(grantAllows({ rights: ['tick'] }, 'tick')).toBe(true);
    expect(grantAllows({ rights: ['tick'] }, 'order')).toBe(false);
    expect(grantAllows({ rights: ['see'] }, 'send')).toBe(false);
    expect(grantAllows({ rights: [] }, 'see')).toBe(false);
  });
});

describe('the invitation code', () => {
  it('is read as typed: case, spaces, dashes, O for 0, I and L for 1', () => {
    expect(normaliseInvitationCode(' abcd-efgh jkmn-pqo1 ')).toBe('ABCDEFGHJKMNPQ01');
    expect(normaliseInvitationCode('ABCDEFGHJKMNPQil')).toBe('ABCDEFGHJKMNPQ11');
  });

  it('is refused with a symbol outside the alphabet or another length', () => {
    expect(normaliseInvitationCode('ABCD-EFGH-JKMN-PQRU')).toBeNull();
    expect(normaliseInvitationCode('ABCD-EFGH-JKMN')).toBeNull();
    expect(normaliseInvitationCode('')).toBeNull();
  });

  it('is shown in four groups', () => {
    expect(formatInvitationCode('ABCDEFGHJKMNPQ01')).toBe('ABCD-EFGH-JKMN-PQ01');
  });
});

// issue 41 item 2: every row a helper writes records the actor, shown to the patient ("by Anna")
describe('helperActor', () => {
  const grant = (helper_id: string | null, helper_name: string | null, patient_id = 'p') => ({ patient_id, helper_id, helper_name });
  const grants = [grant('h2', null), grant('h1', ' Anna '), grant('h1', 'Anna Alt'), grant('h3', 'Other', 'q')];

  it('names the helper by the newest grant of the patient that gives a name', () => {
    expect(helperActor('h1', 'p', grants)).toEqual({ name: 'Anna' });
  });

  it('is a helper without a name when no grant names them (none given, or another patient\'s grant)', () => {
    expect(helperActor('h2', 'p', grants)).toEqual({ name: null });
    expect(helperActor('h3', 'p', grants)).toEqual({ name: null });
    expect(helperActor('h9', 'p', [])).toEqual({ name: null });
  });

  it('is nobody to name when the patient wrote it, the pharmacy or the server did, or it is not stamped yet', () => {
    expect(helperActor('p', 'p', grants)).toBeNull();
    expect(helperActor(null, 'p', grants)).toBeNull();
    expect(helperActor(undefined, 'p', grants)).toBeNull();
    expect(helperActor('', 'p', grants)).toBeNull();
  });
});
