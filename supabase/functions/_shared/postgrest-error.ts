// Turns a PostgREST error (as postgrest-js reports it: HTTP status plus {code, message,
// details, hint}) into the function's answer. The RPCs reject with errcode PTxyz, which
// PostgREST answers with HTTP xyz and the machine code as message; those pass through as
// {error: <code>, message: <details>}. Anything else gets a generic code.

export interface PostgrestErrorLike {
  code?: string | null;
  message?: string | null;
  details?: string | null;
  hint?: string | null;
}

const MACHINE_CODE = /^[a-z][a-z0-9_]*$/;

export interface MappedError {
  status: number;
  body: { error: string; message: string; hint?: string };
}

export function mapPostgrestError(status: number, error: PostgrestErrorLike): MappedError {
  const code = error.code ?? '';
  const text = error.details || error.message || 'The request failed.';
  const hint = error.hint ? { hint: error.hint } : {};
  if (/^PT[1-5]\d\d$/.test(code)) {
    const machine = error.message && MACHINE_CODE.test(error.message) ? error.message : 'request_rejected';
    return { status: Number(code.slice(2)), body: { error: machine, message: error.details || error.message || machine, ...hint } };
  }
  if (!status || status >= 500) return { status: 502, body: { error: 'upstream_error', message: 'The database could not be reached.' } };
  if (status === 401 || /^PGRST30\d$/.test(code)) return { status: 401, body: { error: 'not_authenticated', message: text } };
  if (code === '42501' || status === 403) return { status: 403, body: { error: 'forbidden', message: text } };
  // PGRST2xx: schema cache (function or table not found): a deployment problem, not the caller's
  if (/^PGRST2\d\d$/.test(code)) return { status: 500, body: { error: 'server_misconfigured', message: text } };
  if (status === 409) return { status: 409, body: { error: 'conflict', message: text } };
  return { status: status >= 400 && status < 500 ? status : 400, body: { error: 'request_rejected', message: text, ...hint } };
}
