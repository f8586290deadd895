import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { envFromVariables, resendMailer } from './env.ts';

describe('envFromVariables', () => {
  it('reads the platform variables and logs mails when no mail API is set', async () => {
    const vars: Record<string, string> = { SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's' };
    const env = envFromVariables((n) => vars[n], createClient);
    expect(env).toMatchObject({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's' });
    await expect(env.sendMail({ to: 't@example.ch', subject: 's', text: 't' })).resolves.toBeUndefined();
    expect(() => envFromVariables(() => undefined, createClient)).toThrow(/SUPABASE_URL/);
  });

  it('sends through the Resend API when configured', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const send = resendMailer({
      apiKey: 'key',
      from: 'from@rezeptpost.ch',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response('{}', { status: 200 });
      },
    });
    await send({ to: 'p@rezeptpost.ch', subject: 'S', text: 'T' });
    expect(calls[0]?.url).toBe('https://api.resend.com/emails');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ from: 'from@rezeptpost.ch', to: ['p@rezeptpost.ch'], subject: 'S', text: 'T' });
    const failing = resendMailer({ apiKey: 'key', from: 'f', fetch: async () => new Response('no', { status: 422 }) });
    await expect(failing({ to: 'x', subject: 's', text: 't' })).rejects.toThrow(/422/);
  });
});
