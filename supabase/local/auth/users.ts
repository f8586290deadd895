// auth.users and auth.identities: lookups, creation, confirmation, and the user JSON that
// GoTrue answers (models.User), with identities and (when any) factors.
import { randomUUID } from 'node:crypto';
import type { DbSession } from '../db/db.ts';
import { type Ctx, nowIso } from './context.ts';
import { AuthError, validationFailed } from './errors.ts';

type Ts = Date | string | null;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Ts;
  invited_at: Ts;
  confirmation_token: string | null;
  confirmation_sent_at: Ts;
  recovery_token: string | null;
  recovery_sent_at: Ts;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Ts;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Ts;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Ts;
  updated_at: Ts;
  phone: string | null;
  phone_confirmed_at: Ts;
  confirmed_at: Ts;
  banned_until: Ts;
  is_sso_user: boolean;
  deleted_at: Ts;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Ts;
  created_at: Ts;
  updated_at: Ts;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Ts;
  updated_at: Ts;
  secret: string | null;
  last_challenged_at: Ts;
}

export function iso(value: Ts | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export const isConfirmed = (u: UserRow) => u.email_confirmed_at !== null || u.phone_confirmed_at !== null;

export function isBanned(u: UserRow, now: number): boolean {
  if (u.banned_until === null) return false;
  const until = u.banned_until instanceof Date ? u.banned_until : new Date(u.banned_until);
  return until.getTime() > now;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);

// GoTrue's checkmail.ValidateFormat pattern.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, valid format; lower-cased. */
export function validateEmail(email: string | undefined, status: 400 | 422 = 400): string {
  const value = (email ?? '').trim();
  if (!value) throw validationFailed('An email address is required');
  if (value.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL.test(value)) {
    if (status === 422) throw new AuthError(422, 'validation_failed', 'Invalid email format');
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return value.toLowerCase();
}

export async function userById(s: DbSession, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await s.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

export async function userByEmail(s: DbSession, email: string): Promise<UserRow | null> {
  const { rows } = await s.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and is_sso_user = false and deleted_at is null
     order by created_at limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

export async function factorsOf(s: DbSession, userId: string): Promise<FactorRow[]> {
  const { rows } = await s.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
  return rows;
}

export const hasVerifiedFactor = (factors: FactorRow[]) => factors.some((f) => f.status === 'verified');

export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    ...(f.last_challenged_at ? { last_challenged_at: iso(f.last_challenged_at) } : {}),
  };
}

const DEFAULT_APP_METADATA = { provider: 'email', providers: ['email'] };

export const appMetadataOf = (u: UserRow) => u.raw_app_meta_data ?? DEFAULT_APP_METADATA;
export const userMetadataOf = (u: UserRow) => u.raw_user_meta_data ?? {};

/** The user as GoTrue serialises it. */
export async function userJson(s: DbSession, u: UserRow): Promise<Record<string, unknown>> {
  const identities = (
    await s.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at, id', [u.id])
  ).rows;
  const factors = await factorsOf(s, u.id);
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: appMetadataOf(u),
    user_metadata: userMetadataOf(u),
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  };
  if (factors.length) out.factors = factors.map(factorJson);
  if (u.banned_until) out.banned_until = iso(u.banned_until);
  // omitempty, as GoTrue does
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

/** What GoTrue answers to a repeated sign-up when confirmations are on: a look-alike, never the real user. */
export function obfuscatedUser(ctx: Ctx, email: string, data: Record<string, unknown>) {
  const now = nowIso(ctx);
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: DEFAULT_APP_METADATA,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export interface NewUser {
  email: string;
  passwordHash: string;
  data: Record<string, unknown>;
  confirmed: boolean;
}

/** Inserts the user and its e-mail identity as GoTrue's sign-up does. */
export async function insertUser(tx: DbSession, ctx: Ctx, n: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const now = nowIso(ctx);
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4,
       '', '', '', '', '', $5::jsonb, $6::jsonb, $7, $7, false, false)
     returning *`,
    [id, n.email, n.passwordHash, n.confirmed ? now : null, JSON.stringify(DEFAULT_APP_METADATA), JSON.stringify(n.data), now],
  );
  const identityData: Record<string, unknown> = { sub: id, email: n.email, email_verified: n.confirmed, phone_verified: false };
  for (const [k, v] of Object.entries(n.data)) if (!(k in identityData)) identityData[k] = v;
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', $4, $4, $4)
     on conflict (provider_id, provider) do nothing`,
    [id, id, JSON.stringify(identityData), now],
  );
  return rows[0]!;
}

/** Marks the e-mail confirmed (GoTrue's user.Confirm) and the identity verified. */
export async function confirmUser(tx: DbSession, ctx: Ctx, userId: string): Promise<void> {
  const now = nowIso(ctx);
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2), confirmation_token = '', updated_at = $2
     where id = $1`,
    [userId, now],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
     where user_id = $1 and provider = 'email'`,
    [userId, now],
  );
}

/** GoTrue's UpdateUserMetaData: keys merge, a null value removes the key. */
/** user_metadata as JSON may have at most this many bytes: it travels in every access token */
export const MAX_USER_METADATA_BYTES = 4096;

/** 400 validation_failed when user_metadata would be larger than MAX_USER_METADATA_BYTES. */
export function checkMetadataSize(metadata: Record<string, unknown>): Record<string, unknown> {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw validationFailed(`User metadata is too large: ${bytes} bytes as JSON, at most ${MAX_USER_METADATA_BYTES}`);
  }
  return metadata;
}

/** The e-mail as the limits count it: without surrounding spaces, in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function mergeMetadata(current: Record<string, unknown>, updates: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
