// A result type for rules that can fail: domain functions return error codes, never throw,
// and never hold visible text (the UI turns codes into messages).
export type Result<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E extends string>(error: E): { ok: false; error: E } => ({ ok: false, error });
