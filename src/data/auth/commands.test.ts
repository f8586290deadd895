import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { setUsageSink } from '../usage';
import { authLinkError } from './link-error';
import { passwordResetRedirect, requestPasswordReset, setNewPassword } from './password-reset';
import { retryOnce } from './retry';
import { signIn } from './sign-in';
import { PLATFORM, signUp } from './sign-up';

// The commands answer a kind (never throw) and send what spec §7 lists.
const fakeAuth = (over: Record<string, unknown>) => ({ auth: over }) as never;

describe('auth commands', () => {
  it('signIn reports the kind and a failedLogin usage event', async () => {
    const events: unknown[] = [];
    const previous = setUsageSink((event, data) => events.push([event, data]));
    const client = fakeAuth({ signInWithPassword: vi.fn(async () => ({ data: {}, error: new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit') })) });
    expect(await signIn('p@example.test', 'x', client)).toMatchObject({ ok: false, kind: 'rateLimited' });
    expect(events).toEqual([['failedLogin', { kind: 'rateLimited' }]]);
    setUsageSink(previous);
  });

  it('signIn never throws', async () => {
    const client = fakeAuth({ signInWithPassword: vi.fn(async () => Promise.reject(new Error('bug'))) });
    expect(await signIn('p@example.test', 'x', client)).toMatchObject({ ok: false, kind: 'unknown' });
  });

  it('signUp sends language, platform, the mail subjects and the redirect', async () => {
    const signUpCall = vi.fn(async () => ({ data: { session: { access_token: 'a' }, user: {} }, error: null }));
    const result = await signUp('p@example.test', 'Rezept-2026', 'fr', fakeAuth({ signUp: signUpCall }), 'https://app.test/dashboard');
    expect(result).toEqual({ ok: true, value: { signedIn: true } });
    expect(signUpCall).toHaveBeenCalledWith({
      email: 'p@example.test',
      password: 'Rezept-2026',
      options: {
        data: {
          language: 'fr',
          platform: PLATFORM,
          passwordResetSubject: 'Plateforme d’ordonnances : réinitialiser votre mot de passe',
          emailSubject: 'Plateforme d’ordonnances : confirmez votre nouvelle adresse e-mail',
        },
        emailRedirectTo: 'https://app.test/dashboard',
      },
    });
  });

  it('requestPasswordReset redirects to /profile/password/reset and records the request', async () => {
    const events: string[] = [];
    const previous = setUsageSink((event) => events.push(event));
    const reset = vi.fn(async () => ({ data: {}, error: null }));
    expect(passwordResetRedirect('https://app.test')).toBe('https://app.test/profile/password/reset');
    expect(await requestPasswordReset('p@example.test', 'de', fakeAuth({ resetPasswordForEmail: reset }), 'https://app.test/profile/password/reset')).toEqual({ ok: true, value: undefined });
    expect(reset).toHaveBeenCalledWith('p@example.test', { redirectTo: 'https://app.test/profile/password/reset' });
    expect(events).toEqual(['passwordResetRequest']);
    setUsageSink(previous);
  });

  it('setNewPassword clears require_pw_reset (spec §7 PUT /user)', async () => {
    const update = vi.fn(async () => ({ data: { user: {} }, error: null }));
    expect(await setNewPassword('Neues-2026', fakeAuth({ updateUser: update }))).toEqual({ ok: true, value: undefined });
    expect(update).toHaveBeenCalledWith({ password: 'Neues-2026', data: { require_pw_reset: false } });
  });

  // spec §8 "retryable errors on statuses 502, 503, 504"
  it('retryOnce tries a retryable failure once more after a pause', async () => {
    const wait = vi.fn(async () => {});
    const run = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, kind: 'retryable', message: '' })
      .mockResolvedValueOnce({ ok: true, value: 1 });
    expect(await retryOnce(run, wait, 800)).toEqual({ ok: true, value: 1 });
    expect(wait).toHaveBeenCalledWith(800);
    const never = vi.fn(async () => ({ ok: false as const, kind: 'invalidCredentials' as const, message: '' }));
    await retryOnce(never, wait);
    expect(never).toHaveBeenCalledOnce();
  });

  it('a failed fetch is a network failure', async () => {
    const client = fakeAuth({ signInWithPassword: vi.fn(async () => ({ data: {}, error: new AuthRetryableFetchError('Failed to fetch', 0) })) });
    expect(await signIn('p@example.test', 'x', client)).toMatchObject({ ok: false, kind: 'network' });
  });

  it('reads an expired link from the URL hash', () => {
    expect(authLinkError('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toBe('expired');
    expect(authLinkError('#error=server_error')).toBe('failed');
    expect(authLinkError('#access_token=a&type=recovery')).toBeNull();
    expect(authLinkError('')).toBeNull();
  });
});
