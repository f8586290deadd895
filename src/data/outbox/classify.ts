// What a failed send means for its entry (pure): retry later (network, 5xx, 429), wait for a
// sign-in (401: the token expired or is missing), or reject it for good (any other 4xx:
// validation, RLS, conflicts). The machine code is what the UI turns into "what to correct".
import { serverRuleOf } from '../../domain/server-rules';

export interface EntryError {
  /** machine code: the server's (e.g. personal_data_locked, not_prescribed) or one of ours (network, server, forbidden, ...) */
  code: string;
  message: string;
  status?: number;
}

export type Verdict = 'transient' | 'session' | 'rejected';

export function verdictOf(status: number): Verdict {
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return 'transient';
  if (status === 401) return 'session';
  return 'rejected';
}

/** A PostgREST error ({code, message}) as a machine code. */
export function restCode(status: number, code: string | null | undefined, message: string | null | undefined): string {
  if (status === 0) return 'network';
  if (status === 401) return 'session_expired';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  // raise exception using errcode 'PTxyz', message '<machine code>' (supabase/README.md)
  if (code && /^PT\d{3}$/.test(code) && message && /^[a-z_]+$/.test(message)) return message;
  // a form rule the server keeps (spec §5; src/domain/server-rules.ts): its name, which the UI
  // turns into the field's own message
  if (code === '23514') {
    const rule = serverRuleOf(message ?? '');
    if (rule) return rule.name;
  }
  if (code === '42501') return 'forbidden';
  if (code === '23505' || code === '23503') return 'conflict';
  if (code && /^(22|23)/.test(code)) return 'invalid';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return 'invalid';
}

/** A function's error body ({error, message} of the handlers; {msg} of the gateway) as a machine code. */
export function functionCode(status: number, body: unknown): string {
  if (status === 0) return 'network';
  if (status === 401) return 'session_expired';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  const code = (body as { error?: unknown } | null)?.error;
  return typeof code === 'string' && /^[a-z_]+$/.test(code) ? code : restCode(status, null, null);
}
