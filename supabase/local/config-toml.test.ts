import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';
import { parseToml, readConfigToml } from './config-toml.ts';

describe('parseToml', () => {
  it('reads tables, strings, numbers, booleans and (multi-line) string arrays, ignoring comments', () => {
    const t = parseToml(`project_id = "p" # name
[auth]
site_url = "http://x"
jwt_expiry = 3600
urls = [
  "a",
  "b",
]
[auth.email]
enable_confirmations = false
weird = { inline = 1 }
`);
    expect(t['']).toEqual({ project_id: 'p' });
    expect(t.auth).toEqual({ site_url: 'http://x', jwt_expiry: 3600, urls: ['a', 'b'] });
    expect(t['auth.email']).toEqual({ enable_confirmations: false });
  });
});

describe('configFromEnv follows supabase/config.toml', () => {
  const toml = readConfigToml();
  // issue 3: "Sign-up confirmation follows supabase/config.toml as the CLI does"; spec §5 passwords of 8
  it('takes password length, confirmations and token lifetime from the project file', () => {
    const config = configFromEnv({});
    expect(config.minimumPasswordLength).toBe(toml.auth?.minimum_password_length);
    expect(config.minimumPasswordLength).toBe(8);
    expect(config.enableConfirmations).toBe(toml['auth.email']?.enable_confirmations);
    expect(config.jwtExpiry).toBe(toml.auth?.jwt_expiry);
  });

  it('lets the environment override the file', () => {
    const config = configFromEnv({ MINIMUM_PASSWORD_LENGTH: '12', ENABLE_EMAIL_CONFIRMATIONS: 'true', JWT_EXPIRY: '60' });
    expect([config.minimumPasswordLength, config.enableConfirmations, config.jwtExpiry]).toEqual([12, true, 60]);
  });
});
