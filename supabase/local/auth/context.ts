// What every route of the auth service gets: its dependencies, the clock, the limiter, and
// the request at hand. Durations follow GoTrue's defaults (and the Supabase CLI's config.toml).
import type { StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Mailbox } from '../mailbox.ts';
import { clientIp } from './http.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './ratelimit.ts';
import { requestRateLimit } from './errors.ts';

/** e-mailed codes and links: [auth.email] otp_expiry */
export const OTP_EXPIRY_SECONDS = 3600;
/** PKCE flow state (code_challenge -> auth code -> session) */
export const FLOW_STATE_EXPIRY_SECONDS = 300;
export const MFA_CHALLENGE_EXPIRY_SECONDS = 300;
/** unverified factors older than this are removed when a new one is enrolled */
export const MFA_UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
export const MFA_MAX_ENROLLED_FACTORS = 10;
/** a rotated refresh token may be presented again this long and yields the current one */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;
export const BCRYPT_COST = 10;
export const MAX_PASSWORD_LENGTH = 72;

export interface AuthDeps {
  db: Db;
  config: StackConfig;
  mailbox: Mailbox;
  /** ms since epoch; tests move it to expire codes and windows */
  now?: () => number;
  limits?: Partial<RateLimits>;
  /** bcrypt cost of new hashes (GoTrue: 10); tests may lower it for speed */
  bcryptCost?: number;
  /** the stack's log (failures of work done after the answer); default console.error */
  log?: (line: string) => void;
}

export interface Ctx {
  db: Db;
  config: StackConfig;
  mailbox: Mailbox;
  now: () => number;
  limits: RateLimits;
  limiter: RateLimiter;
  bcryptCost: number;
  /** iss claim of access tokens */
  issuer: string;
  log: (line: string) => void;
}

export function createCtx(deps: AuthDeps): Ctx {
  const now = deps.now ?? Date.now;
  return {
    db: deps.db,
    config: deps.config,
    mailbox: deps.mailbox,
    now,
    limits: { ...DEFAULT_RATE_LIMITS, ...deps.limits },
    limiter: new RateLimiter(now),
    bcryptCost: deps.bcryptCost ?? BCRYPT_COST,
    issuer: `${deps.config.apiUrl.replace(/\/+$/, '')}/auth/v1`,
    log: deps.log ?? ((line) => console.error(line)),
  };
}

export interface Call {
  ctx: Ctx;
  req: Request;
  url: URL;
  ip: string | null;
}

export function makeCall(ctx: Ctx, req: Request): Call {
  return { ctx, req, url: new URL(req.url), ip: clientIp(req) };
}

export const nowIso = (ctx: Ctx) => new Date(ctx.now()).toISOString();

/** Per-address request limit (sign-in, sign-up, verify, recover, otp, resend). */
export function limitIp(call: Call, kind: 'requests' | 'refresh' = 'requests'): void {
  if (!call.ip) return;
  const limit = kind === 'refresh' ? call.ctx.limits.tokenRefreshesPerIp : call.ctx.limits.requestsPerIp;
  call.ctx.limiter.take(`ip:${kind}:${call.ip}`, limit, requestRateLimit);
}
