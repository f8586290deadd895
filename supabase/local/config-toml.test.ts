import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';
import { ConfigTomlError, parseToml, readConfigToml, tableAt, tomlBoolean, tomlNumber } from './config-toml.ts';

describe('parseToml', () => {
  it('reads tables, dotted and quoted table names, inline tables and multi-line arrays, ignoring comments', () => {
    const t = parseToml(`project_id = "p" # name
[auth]
site_url = "http://x"
jwt_expiry = 3600
urls = [
  "a",
  "b", # trailing comma
]
[auth.email]
enable_confirmations = false
inline = { a = 1 }
[functions."b-c"]
verify_jwt = true
`);
    expect(t.project_id).toBe('p');
    expect(tableAt(t, 'auth')).toMatchObject({ site_url: 'http://x', jwt_expiry: 3600, urls: ['a', 'b'] });
    expect(tableAt(t, 'auth.email')).toEqual({ enable_confirmations: false, inline: { a: 1 } });
    expect(tableAt(t, 'functions')).toEqual({ 'b-c': { verify_jwt: true } });
    expect(tableAt(t, 'no.such.table')).toEqual({});
  });

  it('refuses a malformed document with the file, line and column', () => {
    const bad = '[api]\nport = 54321\n[auth\nsite_url = "x"\n';
    expect(() => parseToml(bad, 'supabase/config.toml')).toThrow(ConfigTomlError);
    expect(() => parseToml(bad, 'supabase/config.toml')).toThrow(/^supabase\/config\.toml:3:\d+: invalid TOML/);
    // what the old reader skipped: an unterminated string, a bare word, a duplicate key
    for (const [text, line] of [
      ['[auth]\nsite_url = "http://x\n', 2],
      ['[auth]\njwt_expiry = soon\n', 2],
      ['[auth]\na = 1\na = 2\n', 3],
    ] as const) {
      expect(() => parseToml(text, 'f.toml')).toThrow(new RegExp(`^f\\.toml:${line}:`));
    }
  });

  it('refuses a value of the wrong type where the stack reads it', () => {
    const t = parseToml('[auth]\njwt_expiry = "3600"\nenable_signup = 1\n');
    expect(() => tomlNumber(tableAt(t, 'auth'), 'jwt_expiry', '[auth]')).toThrow('[auth]: jwt_expiry must be a number, not "3600"');
    expect(() => tomlBoolean(tableAt(t, 'auth'), 'enable_signup', '[auth]')).toThrow(ConfigTomlError);
    expect(() => configFromEnv({}, t)).toThrow(/jwt_expiry must be a number/);
    expect(() => tableAt(parseToml('auth = 1'), 'auth.email')).toThrow(/\[auth\.email\] must be a table/);
  });

  it('readConfigToml names the file it could not read, and gives defaults for a missing one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'config-toml-'));
    try {
      const file = join(dir, 'config.toml');
      await writeFile(file, '[api]\nmax_rows = 1000\n\n[db\n');
      expect(() => readConfigToml(file)).toThrow(`${file}:4:`);
      expect(readConfigToml(join(dir, 'missing.toml'))).toEqual({});
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('configFromEnv follows supabase/config.toml', () => {
  const toml = readConfigToml();
  const auth = tableAt(toml, 'auth');
  // sign-up confirmation follows supabase/config.toml as the CLI does; spec §5 passwords of 8
  it('takes password length, confirmations and token lifetime from the project file', () => {
    const config = configFromEnv({});
    expect(config.minimumPasswordLength).toBe(auth.minimum_password_length);
    expect(config.minimumPasswordLength).toBe(8);
    expect(config.enableConfirmations).toBe(tableAt(toml, 'auth.email').enable_confirmations);
    expect(config.jwtExpiry).toBe(auth.jwt_expiry);
  });

  it('lets the environment override the file', () => {
    const config = configFromEnv({ MINIMUM_PASSWORD_LENGTH: '12', ENABLE_EMAIL_CONFIRMATIONS: 'true', JWT_EXPIRY: '60' });
    expect([config.minimumPasswordLength, config.enableConfirmations, config.jwtExpiry]).toEqual([12, true, 60]);
  });
});
