// The build's variables (README "Configuration", "Deploy to hosted Supabase"): a local build
// keeps the local stack's defaults, a hosted one needs its project and fails naming what is missing.
import { describe, expect, it } from 'vitest';
import {
  buildEnvProblems,
  DEFAULT_DISRUPTION_URL,
  DEFAULT_PRODUCT_IMAGE_HOST,
  LOCAL_ANON_KEY,
  LOCAL_SUPABASE_URL,
  parseBuildEnv,
} from './build-env-schema';

/** A JWT-shaped key with the given role (the schema reads the role only, unverified). */
const keyOf = (role: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ iss: 'supabase', role })).replace(/=+$/, '')}.signature`;
const ANON = keyOf('anon');
const PUBLISHABLE = 'sb_publishable_AbC123_dEf';
const PROJECT = 'https://abcdefghijklmnop.supabase.co';
const HOSTED = { VITE_TARGET: 'hosted', VITE_SUPABASE_URL: PROJECT };

describe('parseBuildEnv', () => {
  it.each([
    ['nothing set: the local stack', {}, { target: 'local', supabaseUrl: LOCAL_SUPABASE_URL, supabaseKey: LOCAL_ANON_KEY, disruptionUrl: DEFAULT_DISRUPTION_URL, productImageHost: DEFAULT_PRODUCT_IMAGE_HOST }],
    ['an e2e build on another port', { VITE_SUPABASE_URL: 'http://127.0.0.1:54391' }, { target: 'local', supabaseUrl: 'http://127.0.0.1:54391', supabaseKey: LOCAL_ANON_KEY }],
    ['empty URL and keys mean the defaults', { VITE_TARGET: '', VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: ' ', VITE_SUPABASE_PUBLISHABLE_KEY: '' }, { target: 'local', supabaseUrl: LOCAL_SUPABASE_URL, supabaseKey: LOCAL_ANON_KEY }],
    ['empty banner and picture host turn them off', { VITE_DISRUPTION_URL: '', VITE_PRODUCT_IMAGE_HOST: '' }, { disruptionUrl: '', productImageHost: '' }],
    ['hosted with the publishable key', { ...HOSTED, VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE }, { target: 'hosted', supabaseUrl: PROJECT, supabaseKey: PUBLISHABLE }],
    ['hosted with the legacy anon key', { ...HOSTED, VITE_SUPABASE_ANON_KEY: ANON }, { target: 'hosted', supabaseKey: ANON }],
    ['both keys: the publishable one', { ...HOSTED, VITE_SUPABASE_ANON_KEY: ANON, VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE }, { supabaseKey: PUBLISHABLE }],
    ['the other settings as given', { ...HOSTED, VITE_SUPABASE_ANON_KEY: ANON, VITE_DISRUPTION_URL: 'https://x.test/p?lang={lang}', VITE_PRODUCT_IMAGE_HOST: 'https://img.test/pi' }, { disruptionUrl: 'https://x.test/p?lang={lang}', productImageHost: 'https://img.test/pi' }],
    ["Vite's own entries are no build variables", { MODE: 'production', DEV: false, PROD: true, BASE_URL: '/' }, { target: 'local' }],
  ])('%s', (_, raw, expected) => {
    expect(buildEnvProblems(raw)).toEqual([]);
    expect(parseBuildEnv(raw)).toMatchObject(expected);
  });
});

describe('buildEnvProblems', () => {
  it.each([
    ['a hosted build without anything', { VITE_TARGET: 'hosted' }, [/^VITE_SUPABASE_URL is missing/, /^VITE_SUPABASE_PUBLISHABLE_KEY is missing \(or the legacy VITE_SUPABASE_ANON_KEY\)/]],
    ['a hosted build without its key', HOSTED, [/^VITE_SUPABASE_PUBLISHABLE_KEY is missing/]],
    ['a hosted build without its URL', { VITE_TARGET: 'hosted', VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE }, [/^VITE_SUPABASE_URL is missing/]],
    ['a hosted build at the local stack', { ...HOSTED, VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: ANON }, [/^VITE_SUPABASE_URL points at this machine \(127\.0\.0\.1:54321\)/]],
    ['a hosted build at localhost', { ...HOSTED, VITE_SUPABASE_URL: 'https://localhost', VITE_SUPABASE_ANON_KEY: ANON }, [/^VITE_SUPABASE_URL points at this machine/]],
    ['a hosted build over http', { ...HOSTED, VITE_SUPABASE_URL: 'http://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: ANON }, [/^VITE_SUPABASE_URL must be https/]],
    ['a malformed URL (local)', { VITE_SUPABASE_URL: '127.0.0.1:54321' }, [/^VITE_SUPABASE_URL is not an http\(s\) URL/]],
    ['a malformed URL (hosted)', { ...HOSTED, VITE_SUPABASE_URL: 'abcdefghijklmnop.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE }, [/^VITE_SUPABASE_URL is not an http\(s\) URL/]],
    ['a hosted build with a malformed URL and no key: both named', { VITE_TARGET: 'hosted', VITE_SUPABASE_URL: 'nope' }, [/^VITE_SUPABASE_URL is not an http\(s\) URL/, /^VITE_SUPABASE_PUBLISHABLE_KEY is missing/]],
    ['a malformed picture host', { VITE_PRODUCT_IMAGE_HOST: 'images.example.test' }, [/^VITE_PRODUCT_IMAGE_HOST is not an http\(s\) URL/]],
    ['a malformed disruption post', { VITE_DISRUPTION_URL: 'javascript:alert(1)' }, [/^VITE_DISRUPTION_URL is not an http\(s\) URL/]],
    ['an unknown target', { VITE_TARGET: 'production' }, [/^VITE_TARGET is neither local nor hosted/]],
    ['a secret key as the publishable key', { ...HOSTED, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_AbC123' }, [/^VITE_SUPABASE_PUBLISHABLE_KEY is a secret key/]],
    ['a service-role key as the anon key', { ...HOSTED, VITE_SUPABASE_ANON_KEY: keyOf('service_role') }, [/^VITE_SUPABASE_ANON_KEY is a secret key/]],
    ['something else as the anon key', { VITE_SUPABASE_ANON_KEY: 'anon' }, [/^VITE_SUPABASE_ANON_KEY is not an anon key/]],
    ['no publishable key', { VITE_SUPABASE_PUBLISHABLE_KEY: 'pk_live_123' }, [/^VITE_SUPABASE_PUBLISHABLE_KEY does not start with sb_publishable_/]],
  ])('%s', (_, raw, expected) => {
    const problems = buildEnvProblems(raw);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(problems[i]).toMatch(pattern));
  });

  it('parseBuildEnv throws one message naming every problem and where the deploy is described', () => {
    expect(() => parseBuildEnv({ VITE_TARGET: 'hosted' })).toThrow(
      /hosted build are missing or wrong:\n {2}- VITE_SUPABASE_URL is missing.*\n {2}- VITE_SUPABASE_PUBLISHABLE_KEY is missing.*\nSee README\.md, "Deploy to hosted Supabase"\./,
    );
  });
});
