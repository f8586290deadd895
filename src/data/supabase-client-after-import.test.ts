// @vitest-environment happy-dom
// supabaseAfterImport (supabase-client.ts): code that has just imported the client's module gets
// the client made in a task of its own, not in the task that evaluated supabase-js' modules.
import { describe, expect, it, vi } from 'vitest';

const createClient = vi.hoisted(() => vi.fn(() => ({ made: true })));
vi.mock('@supabase/supabase-js', () => ({ createClient }));

describe('supabaseAfterImport', () => {
  it('makes the client in a later task, once', async () => {
    const { supabaseAfterImport, supabase } = await import('./supabase-client');
    const asked = supabaseAfterImport();
    // the microtasks of this task run out without the client being made
    await Promise.resolve();
    await Promise.resolve();
    expect(createClient).not.toHaveBeenCalled();

    const client = await asked;
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(client).toBe(supabase());
    expect(await supabaseAfterImport()).toBe(client);
    expect(createClient).toHaveBeenCalledTimes(1);
  });
});
