// A mailed link (password reset, sign-up confirmation) that is expired or used lands with
// the auth service's error in the URL hash: #error=…&error_code=otp_expired&error_description=…
// supabase-js then starts signed out; the shell tells the patient why.
export type AuthLinkError = 'expired' | 'failed';

export function authLinkError(hash: string): AuthLinkError | null {
  const params = new URLSearchParams(hash.replace(/^#/u, ''));
  if (!params.has('error') && !params.has('error_code')) return null;
  return params.get('error_code') === 'otp_expired' || params.get('error') === 'access_denied' ? 'expired' : 'failed';
}
