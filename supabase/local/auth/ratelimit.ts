// In-memory sliding-window rate limits, answered with 429 like GoTrue. Kept per process
// (a restart clears them); the numbers are defaults that createAuthHandler's `limits` overrides.
import type { AuthError } from './errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /**
   * failed password grants per client address and e-mail; once reached, every password grant
   * for that e-mail from that address gets 429 (from another address the patient still signs in)
   */
  passwordFailuresPerIpAndEmail: Limit;
  /** failed POST /verify codes per e-mail (sign-up, recovery, magic link, e-mail change) */
  otpFailuresPerEmail: Limit;
  /** wrong TOTP codes per factor */
  mfaFailuresPerFactor: Limit;
  /** e-mails (confirmation, magic link, recovery, e-mail change) per address; requests for unknown addresses count too */
  emailsPerAddress: Limit;
  /** sign-in, sign-up, verify, recover, otp and resend requests per client address (when the address is known) */
  requestsPerIp: Limit;
  /** refresh-token grants per client address (when the address is known) */
  tokenRefreshesPerIp: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  passwordFailuresPerIpAndEmail: { max: 10, windowSeconds: 5 * 60 },
  otpFailuresPerEmail: { max: 10, windowSeconds: 5 * 60 },
  mfaFailuresPerFactor: { max: 5, windowSeconds: 5 * 60 },
  emailsPerAddress: { max: 5, windowSeconds: 60 * 60 },
  requestsPerIp: { max: 300, windowSeconds: 5 * 60 },
  tokenRefreshesPerIp: { max: 150, windowSeconds: 5 * 60 },
};

const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  count(key: string, limit: Limit): number {
    const list = this.hits.get(key);
    if (!list) return 0;
    const since = this.now() - limit.windowSeconds * 1000;
    while (list.length && list[0]! <= since) list.shift();
    if (!list.length) this.hits.delete(key);
    return list.length;
  }

  isOver(key: string, limit: Limit): boolean {
    return this.count(key, limit) >= limit.max;
  }

  hit(key: string): void {
    let list = this.hits.get(key);
    if (!list) {
      if (this.hits.size >= MAX_KEYS) {
        const oldest = this.hits.keys().next().value;
        if (oldest !== undefined) this.hits.delete(oldest);
      }
      this.hits.set(key, (list = []));
    }
    list.push(this.now());
  }

  /** Counts one use; throws (without counting) when the limit is already reached. */
  take(key: string, limit: Limit, error: () => AuthError): void {
    if (this.isOver(key, limit)) throw error();
    this.hit(key);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
