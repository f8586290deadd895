// Test support for the account views: a stand-in for supabase-js' auth (only the calls the
// account commands make) answering like auth-js does, and errors shaped as auth-js raises
// them (name, status, code, message), so the views are tested through src/data and
// classifyAuthError down to the message. Imported by tests only.
import { vi } from 'vitest';

type Answer = { data: unknown; error: unknown };

export interface FakeFactor {
  id: string;
  status: 'verified' | 'unverified';
  factor_type?: 'totp';
}

/** auth-js AuthApiError: an answer of the server. */
export const apiError = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { name: 'AuthApiError', status, code, __isAuthError: true });

/** auth-js AuthRetryableFetchError: the request never got an answer (status 0) or a 5xx. */
export const fetchError = (status = 0) =>
  Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status, __isAuthError: true });

export const ok = (data: unknown = {}): Answer => ({ data, error: null });
export const failed = (error: unknown): Answer => ({ data: null, error });

export const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export function factorList(factors: FakeFactor[]): Answer {
  const all = factors.map((f) => ({ factor_type: 'totp', friendly_name: '', ...f }));
  return ok({ all, totp: all.filter((f) => f.status === 'verified'), phone: [], webauthn: [] });
}

export function enrolment(id = 'factor-new'): Answer {
  return ok({
    id,
    type: 'totp',
    friendly_name: 'Rezeptpost',
    totp: { qr_code: `data:image/svg+xml;utf-8,${QR_SVG}`, secret: SECRET, uri: `otpauth://totp/Rezeptpost:a%40b.ch?secret=${SECRET}&issuer=Rezeptpost` },
  });
}

export function createFakeClient() {
  let factors: FakeFactor[] = [];
  const mfa = {
    listFactors: vi.fn(async () => factorList(factors)),
    enroll: vi.fn(async () => enrolment()),
    challengeAndVerify: vi.fn(async (_: { factorId: string; code: string }) => ok({ access_token: 'x' })),
    unenroll: vi.fn(async ({ factorId }: { factorId: string }) => {
      factors = factors.filter((f) => f.id !== factorId);
      return ok({ id: factorId });
    }),
    getAuthenticatorAssuranceLevel: vi.fn(async () => ok({ currentLevel: 'aal1', nextLevel: 'aal1', currentAuthenticationMethods: [] })),
  };
  const auth = {
    mfa,
    updateUser: vi.fn(async (_attributes: unknown, _options?: unknown) => ok({ user: {} })),
    verifyOtp: vi.fn(async (_params: unknown) => ok({ user: {}, session: {} })),
    signOut: vi.fn(async (_options?: unknown) => ({ error: null })),
    getSession: vi.fn(async () => ok({ session: null })),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: () => {} } } })),
  };
  return {
    auth,
    rpc: vi.fn(async () => ({ data: true, error: null, status: 200 })),
    /** the factors listFactors answers (unenroll removes from them) */
    setFactors(next: FakeFactor[]) {
      factors = next;
    },
  };
}

export type FakeClient = ReturnType<typeof createFakeClient>;
