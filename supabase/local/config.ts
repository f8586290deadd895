// Settings of the local stack: the Supabase CLI's well-known local defaults, each
// overridable by environment so the same code can sign with another secret.
import { SignJWT } from 'jose';
import { reminderSecretsFromVariables, type ReminderSecrets } from '../functions/_shared/reminder-secrets.ts';
import { readConfigToml, tableAt, tomlBoolean, tomlNumber, tomlString, type TomlTable } from './config-toml.ts';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The CLI's demo keys: HS256 {iss:"supabase-demo", role, exp:1983812996} signed with DEFAULT_JWT_SECRET. */
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export interface StackConfig {
  host: string;
  port: number;
  /** public base URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** where the app runs (redirects in mails point here) */
  siteUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** seconds */
  jwtExpiry: number;
  /** PGlite data folder, null for an in-memory database; ignored when databaseUrl is set */
  dataDir: string | null;
  databaseUrl: string | null;
  /** [auth.email] enable_confirmations of supabase/config.toml */
  enableConfirmations: boolean;
  minimumPasswordLength: number;
  /** [api] max_rows: the most rows a REST read returns and a REST write may carry */
  maxRows: number;
  /** request bodies above this many bytes are refused with 413 before they are read */
  maxBodyBytes: number;
  /**
   * the dose reminders' VAPID keys and secrets (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT,
   * REMINDER_TOKEN_SECRET, REMINDER_SCHEDULER_SECRET); null: startStack makes a development set
   * at first start and keeps it beside the data folder (reminder-secrets-file.ts)
   */
  reminders: ReminderSecrets | null;
  /** seconds between two calls of the reminder sender by main.ts's timer (REMINDER_INTERVAL_S; 0: off) */
  reminderIntervalS: number;
  /**
   * the test mode of the dose reminders (ALLOW_LOOPBACK_PUSH=true): push endpoints on 127.0.0.1
   * (the tests' stand-in push service) are stored and pushed to; off by default, never hosted
   */
  allowLoopbackPush: boolean;
}

/** 1 MB: the largest request body the stack reads (MAX_BODY_BYTES overrides it) */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Environment first, then supabase/config.toml (as `supabase start` reads it), then the CLI's defaults. */
export function configFromEnv(env: Record<string, string | undefined> = process.env, toml: TomlTable = readConfigToml()): StackConfig {
  const api = tableAt(toml, 'api');
  const auth = tableAt(toml, 'auth');
  const email = tableAt(toml, 'auth.email');
  const host = env.SUPABASE_HOST ?? '127.0.0.1';
  const port = Number(env.SUPABASE_PORT ?? tomlNumber(api, 'port', '[api]') ?? 54321);
  const confirmations = tomlBoolean(email, 'enable_confirmations', '[auth.email]') ?? false;
  return {
    host,
    port,
    apiUrl: env.SUPABASE_URL ?? `http://${host}:${port}`,
    siteUrl: env.SITE_URL ?? tomlString(auth, 'site_url', '[auth]') ?? 'http://127.0.0.1:5173',
    jwtSecret: env.JWT_SECRET ?? DEFAULT_JWT_SECRET,
    anonKey: env.SUPABASE_ANON_KEY ?? DEFAULT_ANON_KEY,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? DEFAULT_SERVICE_ROLE_KEY,
    jwtExpiry: Number(env.JWT_EXPIRY ?? tomlNumber(auth, 'jwt_expiry', '[auth]') ?? 3600),
    // PGLITE_DATA_DIR=memory keeps the database in memory (a fresh one per start)
    dataDir: env.DATABASE_URL || env.PGLITE_DATA_DIR === 'memory' ? null : (env.PGLITE_DATA_DIR ?? 'supabase/.local/pglite'),
    databaseUrl: env.DATABASE_URL ?? null,
    enableConfirmations: env.ENABLE_EMAIL_CONFIRMATIONS ? env.ENABLE_EMAIL_CONFIRMATIONS === 'true' : confirmations,
    minimumPasswordLength: Number(env.MINIMUM_PASSWORD_LENGTH ?? tomlNumber(auth, 'minimum_password_length', '[auth]') ?? 6),
    maxRows: tomlNumber(api, 'max_rows', '[api]') ?? 1000,
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES),
    reminders: reminderSecretsFromVariables((name) => env[name]),
    reminderIntervalS: Number(env.REMINDER_INTERVAL_S ?? 60),
    allowLoopbackPush: env.ALLOW_LOOPBACK_PUSH === 'true' || env.ALLOW_LOOPBACK_PUSH === '1',
  };
}

/** Signs demo keys the way the CLI made them (used by tests and when JWT_SECRET is overridden). */
export async function signApiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(1983812996)
    .sign(new TextEncoder().encode(secret));
}
