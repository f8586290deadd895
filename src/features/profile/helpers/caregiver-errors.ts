// The server's answers to the caregiver RPCs (supabase/README.md "Caregivers") as message ids;
// anything else is the general failure.
const KNOWN = new Set([
  'network',
  'invalid_rights',
  'invalid_email',
  'invalid_code',
  'setup_incomplete',
  'too_many_invitations',
  'over_email_send_rate_limit',
  'insufficient_aal',
  'wrong_account',
  'invitation_not_found',
  'invitation_expired',
  'already_helping',
  'own_invitation',
  'name_required',
  'name_too_long',
  'grant_not_found',
]);

export const caregiverErrorId = (code: string): string => `caregivers.error.${KNOWN.has(code) ? code : 'failed'}`;
