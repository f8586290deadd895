import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { envFromVariables, resendMailer } from './env.ts';

describe('envFromVariables', () => {
  const envOf = (vars: Record<string, string>) => envFromVariables((n) => vars[n], createClient);
  const BASE = { SUPABASE_URL: 'https://x.supabase.co' };
  const LEGACY = { SUPABASE_ANON_KEY: 'eyJ.anon', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service' };
  const KEY = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' };

  it('reads the legacy keys and logs mails when no mail API is set', async () => {
    const env = envOf({ ...BASE, ...LEGACY });
    expect(env).toMatchObject({ SUPABASE_URL: 'https://x.supabase.co', apiKey: 'eyJ.anon', secretKey: 'eyJ.service', jwks: null });
    await expect(env.sendMail({ to: 't@example.ch', subject: 's', text: 't' })).resolves.toBeUndefined();
    expect(() => envFromVariables(() => undefined, createClient)).toThrow(/SUPABASE_URL/);
  });

  it("takes today's API keys as hosted sets them (JSON objects of named keys) over the legacy ones, and the JWKS", () => {
    const env = envOf({
      ...BASE,
      ...LEGACY,
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_abc","mobile":"sb_publishable_m"}',
      SUPABASE_SECRET_KEYS: '{"default":"sb_secret_xyz"}',
      SUPABASE_JWKS: JSON.stringify({ keys: [KEY] }),
    });
    expect(env).toMatchObject({ apiKey: 'sb_publishable_abc', secretKey: 'sb_secret_xyz', jwks: { keys: [KEY] } });
  });

  it.each([
    ['a named key other than default', { SUPABASE_PUBLISHABLE_KEYS: '{"web":"sb_publishable_web"}' }, 'sb_publishable_web'],
    ['a single key (self-hosted)', { SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_one' }, 'sb_publishable_one'],
    ['no new keys ({}): the legacy anon key', { SUPABASE_PUBLISHABLE_KEYS: '{}', ...LEGACY }, 'eyJ.anon'],
    ['only the new keys (legacy keys turned off)', { SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_abc"}' }, 'sb_publishable_abc'],
  ])('picks the API key: %s', (_, vars, apiKey) => {
    expect(envOf({ ...BASE, ...vars }).apiKey).toBe(apiKey);
  });

  it('names what is missing or malformed', () => {
    expect(() => envOf(BASE)).toThrow(/SUPABASE_PUBLISHABLE_KEYS.*SUPABASE_ANON_KEY/);
    expect(() => envOf({ ...BASE, ...LEGACY, SUPABASE_PUBLISHABLE_KEYS: 'sb_publishable_abc' })).toThrow(/SUPABASE_PUBLISHABLE_KEYS is not a JSON object/);
    expect(() => envOf({ ...BASE, ...LEGACY, SUPABASE_SECRET_KEYS: '["sb_secret_xyz"]' })).toThrow(/SUPABASE_SECRET_KEYS is not a JSON object/);
    expect(envOf({ ...BASE, SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_abc"}' }).secretKey).toBe('');
  });

  it('reads SUPABASE_JWKS as an object or a bare array; anything else leaves the keys to be fetched', () => {
    expect(envOf({ ...BASE, ...LEGACY, SUPABASE_JWKS: JSON.stringify([KEY]) }).jwks).toEqual({ keys: [KEY] });
    expect(envOf({ ...BASE, ...LEGACY, SUPABASE_JWKS: '{"keys":[]}' }).jwks).toEqual({ keys: [] });
    expect(envOf({ ...BASE, ...LEGACY, SUPABASE_JWKS: 'not json' }).jwks).toBeNull();
    expect(envOf({ ...BASE, ...LEGACY, SUPABASE_JWKS: '{"kty":"EC"}' }).jwks).toBeNull();
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
