// Sign-up, sign-in, tokens, user, logout, error shapes and rate limits of the local GoTrue,
// driven with the real supabase-js client.
import { describe, expect, it, vi } from 'vitest';
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { hashPassword, verifyPassword } from './passwords.ts';
import { BASE, decodeClaims, freshEmail, withAuthHarness } from './test-support.ts';

vi.setConfig({ testTimeout: 30_000 });

const h = withAuthHarness();
const PW = 'correct horse 1';

async function signedUp(email = freshEmail(), data: Record<string, unknown> = {}) {
  const sb = h.client();
  const { data: res, error } = await sb.auth.signUp({ email, password: PW, options: { data } });
  expect(error).toBeNull();
  return { sb, email, session: res.session!, user: res.user! };
}

describe('service endpoints', () => {
  it('answers /health and /settings', async () => {
    const health = await h.call('GET', '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const settings = await (await h.call('GET', '/settings')).json();
    expect(settings).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true });
  });

  it('publishes no signing key: it signs with its HS256 secret only, which GoTrue never publishes', async () => {
    const jwks = await h.call('GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual({ keys: [] });
  });

  it('answers 404 for unknown paths and 405 for wrong methods, never 500', async () => {
    const unknown = await h.call('GET', '/nope');
    expect(unknown.status).toBe(404);
    const wrong = await h.call('GET', '/signup');
    expect(wrong.status).toBe(405);
  });
});

describe('sign-up', () => {
  it('signs up and returns a session with GoTrue claims and user shape (confirmations off)', async () => {
    const email = freshEmail('signup');
    const { session, user } = await signedUp(email.toUpperCase(), { language: 'de', platform: 'rx' });
    expect(session.access_token).toBeTruthy();
    expect(session.refresh_token).toBeTruthy();
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { language: 'de', platform: 'rx' },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.confirmed_at).toBeTruthy();
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id, identity_data: { email, sub: user.id } });
    expect(user.factors).toBeUndefined();

    const claims = decodeClaims(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      iss: `${BASE}/auth/v1`,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { language: 'de', platform: 'rx' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof claims.session_id).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    const rows = await h.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [user.id]);
    expect(rows.rows[0]?.encrypted_password).toMatch(/^\$2a\$04\$/); // the harness's cost; GoTrue's 10 by default
  });

  it('refuses an existing e-mail with 422 user_already_exists', async () => {
    const { email } = await signedUp();
    const { error } = await h.client().auth.signUp({ email, password: PW });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('refuses a short password with 422 weak_password and reasons', async () => {
    const { error } = await h.client().auth.signUp({ email: freshEmail(), password: 'short' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(isAuthWeakPasswordError(error)).toBe(true);
    if (isAuthWeakPasswordError(error)) expect(error.reasons).toEqual(['length']);
  });

  it('refuses an invalid e-mail with 400 validation_failed', async () => {
    const { error } = await h.client().auth.signUp({ email: 'not-an-email', password: PW });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });
});

describe('password hashing', () => {
  it("hashes with bcrypt cost 10 and the '$2a$' prefix by default", async () => {
    const hash = await hashPassword(PW);
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword(PW, hash)).toBe(true);
    expect(await verifyPassword('other password', hash)).toBe(false);
    expect(await verifyPassword(PW, null)).toBe(false);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password', async () => {
    const { email, user } = await signedUp();
    const { data, error } = await h.client().auth.signInWithPassword({ email, password: PW });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(decodeClaims(data.session!.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('answers 400 invalid_credentials for a wrong password and for an unknown user', async () => {
    const { email } = await signedUp();
    const wrong = await h.client().auth.signInWithPassword({ email, password: 'wrong password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await h.client().auth.signInWithPassword({ email: freshEmail('ghost'), password: PW });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('answers 429 over_request_rate_limit after 10 failed attempts for one e-mail, even with the right password', async () => {
    const { email } = await signedUp();
    const sb = h.client();
    for (let i = 0; i < 10; i++) {
      const { error } = await sb.auth.signInWithPassword({ email, password: `wrong ${i}` });
      expect(error?.status).toBe(400);
    }
    const limited = await sb.auth.signInWithPassword({ email, password: PW });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    // another e-mail is not affected; the window passes after 5 minutes
    const other = await signedUp();
    expect((await sb.auth.signInWithPassword({ email: other.email, password: PW })).error).toBeNull();
    h.clock.offsetMs = 5 * 60 * 1000 + 1000;
    expect((await sb.auth.signInWithPassword({ email, password: PW })).error).toBeNull();
  });

  it('reports a stored password below the current minimum as weak_password on sign-in', async () => {
    const email = freshEmail('weak');
    await h.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, crypt('short1', gen_salt('bf')), now(), now(), now())`,
      [email],
    );
    const { data, error } = await h.client().auth.signInWithPassword({ email, password: 'short1' });
    expect(error).toBeNull();
    expect(data.weakPassword).toEqual({ message: 'Password should be at least 8 characters.', reasons: ['length'] });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('signs in a user seeded with pgcrypto (crypt/gen_salt bf)', async () => {
    const email = freshEmail('seed');
    await h.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, crypt($2, gen_salt('bf')), now(),
               '{"provider":"email","providers":["email"]}', '{"language":"fr"}', now(), now())`,
      [email, PW],
    );
    const { data, error } = await h.client().auth.signInWithPassword({ email, password: PW });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ language: 'fr' });
    expect(data.weakPassword).toBeUndefined();
    // and our hashes verify with pgcrypto
    const { user } = await signedUp();
    const check = await h.db.query<{ ok: boolean }>('select encrypted_password = crypt($2, encrypted_password) as ok from auth.users where id = $1', [
      user.id,
      PW,
    ]);
    expect(check.rows[0]?.ok).toBe(true);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and refuses reuse of a revoked one', async () => {
    const { sb, session } = await signedUp();
    const first = session.refresh_token;
    const { data, error } = await sb.auth.refreshSession();
    expect(error).toBeNull();
    const second = data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(decodeClaims(data.session!.access_token).session_id).toBe(decodeClaims(session.access_token).session_id);

    // a client that lost the answer may present the old token again within 10 s: it gets the current one
    const again = await h.call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: first } });
    expect(again.status).toBe(200);
    expect((await again.json()).refresh_token).toBe(second);

    // later, reuse of the revoked token is refused and revokes the family
    h.clock.offsetMs = 11_000;
    const reused = await h.client().auth.refreshSession({ refresh_token: first });
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe('refresh_token_already_used');
    const afterFamily = await h.client().auth.refreshSession({ refresh_token: second });
    expect(afterFamily.error?.code).toBe('refresh_token_already_used');
  });

  it('answers 400 refresh_token_not_found for an unknown token', async () => {
    const { error } = await h.client().auth.refreshSession({ refresh_token: 'abcdefghijklmnopqrstuvwx' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });
});

describe('user', () => {
  it('gets the user and merges data into user_metadata (null removes a key)', async () => {
    const { sb, user } = await signedUp(undefined, { language: 'de', require_pw_reset: true });
    const got = await sb.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.id).toBe(user.id);

    const { data, error } = await sb.auth.updateUser({ data: { language: 'fr', require_pw_reset: null, emailSubject: 'Code' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ language: 'fr', emailSubject: 'Code' });
    // the refreshed token carries the new metadata
    const refreshed = await sb.auth.refreshSession();
    expect(decodeClaims(refreshed.data.session!.access_token).user_metadata).toEqual({ language: 'fr', emailSubject: 'Code' });
  });

  it('changes the password: same -> 422 same_password, weak -> 422, other sessions end', async () => {
    const { sb, email } = await signedUp();
    const other = h.client();
    await other.auth.signInWithPassword({ email, password: PW });

    const same = await sb.auth.updateUser({ password: PW });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toContain('should be different');

    const weak = await sb.auth.updateUser({ password: 'short' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');

    const changed = await sb.auth.updateUser({ password: 'a new password 2', data: { require_pw_reset: false } });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.user_metadata.require_pw_reset).toBe(false);
    expect((await sb.auth.getUser()).error).toBeNull();

    const otherUser = await other.auth.getUser();
    expect(otherUser.error?.name).toBe('AuthSessionMissingError');

    expect((await h.client().auth.signInWithPassword({ email, password: PW })).error?.code).toBe('invalid_credentials');
    expect((await h.client().auth.signInWithPassword({ email, password: 'a new password 2' })).error).toBeNull();
  });

  it('answers 401 no_authorization without a bearer and 403 bad_jwt for a bad one', async () => {
    const none = await h.call('GET', '/user');
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');
    const bad = await h.call('GET', '/user', { token: 'not.a.jwt' });
    expect(bad.status).toBe(403);
    expect((await bad.json()).code).toBe('bad_jwt');
    const anon = await h.call('GET', '/user', { token: h.config.anonKey });
    expect(anon.status).toBe(403);
    expect((await anon.json()).code).toBe('bad_jwt');
  });

  it('refuses an expired access token with 403 bad_jwt', async () => {
    const { session } = await signedUp();
    h.clock.offsetMs = 3601 * 1000;
    const res = await h.call('GET', '/user', { token: session.access_token });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('bad_jwt');
  });
});

describe('logout', () => {
  it('ends the session: the token then answers session_not_found, the refresh token is gone', async () => {
    const { sb, session } = await signedUp();
    expect((await sb.auth.signOut()).error).toBeNull();
    const res = await h.call('GET', '/user', { token: session.access_token });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('session_not_found');
    const refresh = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('supports scope=local and scope=others, and refuses other scopes', async () => {
    const { email, session: a } = await signedUp();
    const b = (await h.client().auth.signInWithPassword({ email, password: PW })).data.session!;
    const c = (await h.client().auth.signInWithPassword({ email, password: PW })).data.session!;

    const bad = await h.call('POST', '/logout?scope=everything', { token: a.access_token });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('validation_failed');

    expect((await h.call('POST', '/logout?scope=others', { token: a.access_token })).status).toBe(204);
    expect((await h.call('GET', '/user', { token: b.access_token })).status).toBe(403);
    expect((await h.call('GET', '/user', { token: c.access_token })).status).toBe(403);
    expect((await h.call('GET', '/user', { token: a.access_token })).status).toBe(200);
    expect((await h.call('POST', '/logout?scope=local', { token: a.access_token })).status).toBe(204);
    expect((await h.call('GET', '/user', { token: a.access_token })).status).toBe(403);
  });
});

describe('error shapes', () => {
  it('answers {code, message} with the version header echoed, or the legacy shape without it', async () => {
    const body = { email: freshEmail('ghost'), password: 'whatever 1' };
    const versioned = await h.call('POST', '/token?grant_type=password', { body });
    expect(versioned.status).toBe(400);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(versioned.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await versioned.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const legacy = await h.call('POST', '/token?grant_type=password', { body, versioned: false });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('answers 400 bad_json for malformed bodies and wrong field types', async () => {
    const broken = await h.call('POST', '/signup', { body: '{"email": ' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('bad_json');
    const typed = await h.call('POST', '/signup', { body: { email: 42, password: PW } });
    expect(typed.status).toBe(400);
    expect((await typed.json()).code).toBe('bad_json');
    const grant = await h.call('POST', '/token?grant_type=magic', { body: {} });
    expect(grant.status).toBe(400);
  });

  it('is an AuthApiError in supabase-js with status and code', async () => {
    const { error } = await h.client().auth.signInWithPassword({ email: freshEmail('ghost'), password: 'x' });
    expect(isAuthApiError(error)).toBe(true);
  });
});
