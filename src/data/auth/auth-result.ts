// What an auth command answers: its value, or the kind of failure (classifyAuthError) and
// the provider's own message (spec §8 shows it for a failed two-factor activation).
// Commands never throw; the UI turns the kind into the message of its context.
import { classifyAuthError, type AuthErrorKind } from './auth-error';

export type AuthResult<T> = { ok: true; value: T } | { ok: false; kind: AuthErrorKind; message: string };

export const authOk = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export function authFailure(error: unknown): { ok: false; kind: AuthErrorKind; message: string } {
  const message = typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : '';
  return { ok: false, kind: classifyAuthError(error), message };
}

/** Runs a command; anything it throws (a bug in a client, a failed fetch) becomes a failure. */
export async function guarded<T>(run: () => Promise<AuthResult<T>>): Promise<AuthResult<T>> {
  try {
    return await run();
  } catch (error) {
    return authFailure(error);
  }
}
