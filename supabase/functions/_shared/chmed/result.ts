// The result shape of the shared CHMED readers: the app's own (src/domain/result.ts), which the
// functions cannot import (only supabase/functions/ is deployed with them).
export type Result<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E extends string>(error: E): { ok: false; error: E } => ({ ok: false, error });
