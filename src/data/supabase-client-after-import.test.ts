// @vitest-environment happy-dom
// supabaseAfterImport (supabase-client.ts): code that has just imported the client's module gets
// the client made in a task of its own, not in the task that evaluated supabase-js' modules.
import { describe, expect, it, vi } from 'vitest';

// what the caller could see at the end of the client's task: whether its answer had come
const seen = vi.hoisted(() => ({ answered: false, atTheEndOfTheSetupsTask: null as boolean | null }));
const createClient = vi.hoisted(() =>
  vi.fn(() => {
    // microtasks enough to outlast an answer given in the same task
    let tail = Promise.resolve();
    for (let i = 0; i < 20; i++) tail = tail.then(() => undefined);
    void tail.then(() => (seen.atTheEndOfTheSetupsTask ??= seen.answered));
    return { made: true };
  }),
);
vi.mock('@supabase/supabase-js', () => ({ createClient }));

describe('supabaseAfterImport', () => {
  it('makes the client in a later task, once, and answers in the task after that', async () => {
    const { supabaseAfterImport, supabase } = await import('./supabase-client');
    const asked = supabaseAfterImport();
    // the microtasks of this task run out without the client being made
    await Promise.resolve();
    await Promise.resolve();
    expect(createClient).not.toHaveBeenCalled();

    void asked.then(() => (seen.answered = true));
    const client = await asked;
    expect(createClient).toHaveBeenCalledTimes(1);
    // the caller goes on in a task after the client's setup, not in it
    expect(seen.atTheEndOfTheSetupsTask).toBe(false);
    expect(client).toBe(supabase());
    expect(await supabaseAfterImport()).toBe(client);
    expect(createClient).toHaveBeenCalledTimes(1);
  });
});
