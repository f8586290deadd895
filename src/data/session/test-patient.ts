// Test support (imported by tests only): a patient as the tests of the session, the auth store
// and the shell's start need them — a complete customer record and sessions as supabase-js
// stores them.
import type { Session } from '@supabase/supabase-js';
import type { CustomerRecord } from '../../domain/entities';

/** A record whose setup is complete, with one prescription (pharmacode 11) valid into 2027. */
export const COMPLETE_CUSTOMER = {
  id: 'u1',
  first_name: 'Sandra',
  webshop_customer_address: [{ id: 1, street: 'Rosenweg', street_nr: '3', zip: '8400', city: 'Winterthur', phone: '0521234567' }],
  webshop_customer_insurance: [{ id: 1, insurance_name: 'CSS', insurance_nr: '80756000000000000001' }],
  webshop_customer_questionnaire: [{ id: 1, weight: 70, size: 170 }],
  webshop_customer_additional_info: [{ id: 1, prescription_send_method: 'post', handled: true }],
  webshop_customer_medication: [{ id: 1, medication_id: 11, expires_at: '2027-01-01', single_use: false, used: false }],
} as unknown as CustomerRecord;

/** An access token as GoTrue issues it, base64url without padding: only its payload is read (aal). */
export const testJwt = (payload: Record<string, unknown>): string =>
  `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

export interface TestSessionOptions {
  id?: string;
  email?: string;
  aal?: 'aal1' | 'aal2';
  /** a verified TOTP factor */
  factor?: boolean;
  /** fields of the user laid over the defaults (user_metadata, new_email, …) */
  user?: Record<string, unknown>;
}

/** A session as supabase-js keeps it in storage. */
export const testSession = ({ id = 'u1', email = 'p@example.test', aal = 'aal1', factor = false, user = {} }: TestSessionOptions = {}): Session =>
  ({
    access_token: testJwt({ sub: id, aal }),
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: {
      id,
      email,
      user_metadata: { language: 'de' },
      app_metadata: {},
      aud: 'authenticated',
      created_at: '',
      ...(factor ? { factors: [{ id: 'f', status: 'verified', factor_type: 'totp' }] } : {}),
      ...user,
    },
  }) as unknown as Session;
