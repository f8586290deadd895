import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { signOut, storedSessionKey } from './sign-out';

const client = (error: unknown) => ({ auth: { signOut: vi.fn(async () => ({ error })) } }) as never;

describe('signOut', () => {
  it('knows where supabase-js stores the session', () => {
    expect(storedSessionKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(storedSessionKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
  });

  it('on success leaves the reload to the SIGNED_OUT event', async () => {
    const leave = vi.fn();
    const storage = { removeItem: vi.fn() };
    expect(await signOut({ client: client(null), storage, leave })).toEqual({ ok: true, value: undefined });
    expect(leave).not.toHaveBeenCalled();
    expect(storage.removeItem).not.toHaveBeenCalled();
  });

  // a shared device: the patient must be able to leave without a connection
  it('without a connection drops the stored session and reloads at /', async () => {
    const leave = vi.fn();
    const storage = { removeItem: vi.fn() };
    const result = await signOut({ client: client(new AuthRetryableFetchError('Failed to fetch', 0)), storage, leave });
    expect(result.ok).toBe(true);
    expect(storage.removeItem).toHaveBeenCalledWith(storedSessionKey());
    expect(leave).toHaveBeenCalledOnce();
  });

  it('reports other failures', async () => {
    const leave = vi.fn();
    const result = await signOut({ client: client(new AuthApiError('bad', 400, 'validation_failed')), storage: { removeItem: vi.fn() }, leave });
    expect(result).toMatchObject({ ok: false, kind: 'unknown' });
    expect(leave).not.toHaveBeenCalled();
  });
});
