// @vitest-environment happy-dom
// supabaseAfterImport (supabase-client.ts): code that has just imported the client's module gets
// the client made in a task of its own, not in the task that evaluated supabase-js' modules, and
// the client's auth started in the task after the setup (not at the end of it, as createClient does).
import { describe, expect, it, vi } from 'vitest';

// what the caller could see at the end of the client's task: whether its answer had come, whether the auth had started
const seen = vi.hoisted(() => ({ answered: false, atTheEndOfTheSetupsTask: null as { answered: boolean; authStarted: boolean } | null }));
const initialize = vi.hoisted(() => vi.fn(() => Promise.resolve({ error: null })));
const createClient = vi.hoisted(() =>
  vi.fn(() => {
    // microtasks enough to outlast an answer given in the same task
    let tail = Promise.resolve();
    for (let i = 0; i < 20; i++) tail = tail.then(() => undefined);
    void tail.then(() => (seen.atTheEndOfTheSetupsTask ??= { answered: seen.answered, authStarted: initialize.mock.calls.length > 0 }));
    return { auth: { initialize } };
  }),
);
vi.mock('@supabase/supabase-js', () => ({ createClient }));

describe('supabaseAfterImport', () => {
  it('makes the client in a later task, once, starts its auth in the task after, and answers after that', async () => {
    const { supabaseAfterImport, supabase } = await import('./supabase-client');
    const asked = supabaseAfterImport();
    // the microtasks of this task run out without the client being made
    await Promise.resolve();
    await Promise.resolve();
    expect(createClient).not.toHaveBeenCalled();

    void asked.then(() => (seen.answered = true));
    const client = await asked;
    expect(createClient).toHaveBeenCalledTimes(1);
    // supabase-js is told not to start the auth in createClient
    expect(createClient.mock.calls[0]).toEqual([expect.any(String), expect.any(String), expect.objectContaining({ auth: expect.objectContaining({ skipAutoInitialize: true }) })]);
    // neither the auth's start nor the caller in the setup's task; the start before the caller goes on
    expect(seen.atTheEndOfTheSetupsTask).toEqual({ answered: false, authStarted: false });
    expect(initialize).toHaveBeenCalledTimes(1);
    expect(client).toBe(supabase());
    expect(await supabaseAfterImport()).toBe(client);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(initialize).toHaveBeenCalledTimes(1);
  });

  it('a use of the client before that task starts its auth at once (an auth method waits only for a start begun before it)', async () => {
    vi.resetModules();
    initialize.mockClear();
    const { prepareClient, supabase } = await import('./supabase-client');
    prepareClient();
    expect(initialize).not.toHaveBeenCalled();
    supabase();
    expect(initialize).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(initialize).toHaveBeenCalledTimes(1);
  });

  it('an answer of the auth service in the address: the auth starts with the client, as supabase-js does', async () => {
    vi.resetModules();
    initialize.mockClear();
    history.replaceState(null, '', '/profile/password/reset#access_token=t&refresh_token=r&type=recovery');
    try {
      const { prepareClient } = await import('./supabase-client');
      prepareClient();
      expect(initialize).toHaveBeenCalledTimes(1);
    } finally {
      history.replaceState(null, '', '/');
    }
  });
});
