// The local stack's JWT check (PostgREST's rules: HS256, 30 s clock skew) and its cache of
// verified tokens: a cached token must still expire, and another secret must not reuse it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtError, signJwt, verifyJwt } from './jwt.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const OTHER = 'another-secret-of-at-least-thirty-two-characters!!';

afterEach(() => {
  vi.useRealTimers();
});

async function rejection(p: Promise<unknown>): Promise<JwtError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JwtError);
  return error as JwtError;
}

describe('verifyJwt', () => {
  it('returns the claims of a token signed with the secret, again from the cache', async () => {
    const token = await signJwt({ role: 'authenticated', sub: 'a-user' }, SECRET, 3600);
    expect(await verifyJwt(token, SECRET)).toMatchObject({ role: 'authenticated', sub: 'a-user' });
    expect(await verifyJwt(token, SECRET)).toMatchObject({ role: 'authenticated', sub: 'a-user' });
  });

  it('rejects a token checked before with another secret', async () => {
    const token = await signJwt({ role: 'anon' }, SECRET, 3600);
    await verifyJwt(token, SECRET);
    expect((await rejection(verifyJwt(token, OTHER))).code).toBe('invalid');
  });

  it('rejects a cached token once it has expired beyond the 30 s skew', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const token = await signJwt({ role: 'authenticated', sub: 'b-user' }, SECRET, 60);
    await verifyJwt(token, SECRET);
    vi.setSystemTime(new Date('2026-11-22T10:01:20Z')); // 80 s later: within exp + 30 s
    expect(await verifyJwt(token, SECRET)).toMatchObject({ sub: 'b-user' });
    vi.setSystemTime(new Date('2026-11-22T10:01:31Z')); // 91 s later
    expect((await rejection(verifyJwt(token, SECRET))).code).toBe('expired');
    expect((await rejection(verifyJwt(token, SECRET))).code).toBe('expired');
  });

  it('rejects a tampered token', async () => {
    const token = await signJwt({ role: 'anon' }, SECRET, 3600);
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.${s}`;
    expect(p).not.toBe(forged.split('.')[1]);
    expect((await rejection(verifyJwt(forged, SECRET))).code).toBe('invalid');
  });
});
