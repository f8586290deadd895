import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { signOutOfAuth } from './sign-out';
import { storedSessionKey } from '../stored-session';

const client = (error: unknown) => ({ auth: { signOut: vi.fn(async () => ({ error })) } }) as never;

describe('signOutOfAuth', () => {
  it('knows where supabase-js stores the session', () => {
    expect(storedSessionKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(storedSessionKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
  });

  it('on success leaves the rest to the SIGNED_OUT event', async () => {
    const storage = { removeItem: vi.fn() };
    expect(await signOutOfAuth({ client: client(null), storage })).toEqual({ ok: true, value: 'server' });
    expect(storage.removeItem).not.toHaveBeenCalled();
  });

  // a shared device: the patient must be able to leave without a connection
  it('without a connection drops the stored session and says so', async () => {
    const storage = { removeItem: vi.fn() };
    const result = await signOutOfAuth({ client: client(new AuthRetryableFetchError('Failed to fetch', 0)), storage });
    expect(result).toEqual({ ok: true, value: 'local' });
    expect(storage.removeItem).toHaveBeenCalledWith(storedSessionKey());
  });

  it('reports other failures', async () => {
    const storage = { removeItem: vi.fn() };
    const result = await signOutOfAuth({ client: client(new AuthApiError('bad', 400, 'validation_failed')), storage });
    expect(result).toMatchObject({ ok: false, kind: 'unknown' });
    expect(storage.removeItem).not.toHaveBeenCalled();
  });
});
