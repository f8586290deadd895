// Errors of the auth service, answered the way GoTrue does (internal/api/errors.go):
// API version >= 2024-01-01 (auth-js always sends it): {code, message} and the version header
// echoed; otherwise the legacy {code: <status>, error_code, msg}. Both set x-sb-error-code.

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** extra body fields, e.g. weak_password: {reasons} */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);

export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');
export const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');
export const requestRateLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
export const emailRateLimit = () => new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
export const weakPassword = (message: string, reasons: string[]) =>
  new AuthError(422, 'weak_password', message, { weak_password: { reasons } });

const API_VERSION_PATTERN = /^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/** True when the request names an API version of 2024-01-01 or later. */
export function usesApiVersion2024(req: Request): boolean {
  const v = req.headers.get(API_VERSION_HEADER)?.trim();
  if (!v || !API_VERSION_PATTERN.test(v)) return false;
  return Date.parse(`${v}T00:00:00Z`) >= Date.parse('2024-01-01T00:00:00Z');
}

export function errorResponse(error: AuthError, versioned: boolean): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'x-sb-error-code': error.code });
  let body: Record<string, unknown>;
  if (versioned) {
    headers.set(API_VERSION_HEADER, API_VERSION_2024);
    body = { code: error.code, message: error.message, ...error.extra };
  } else {
    body = { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  }
  return new Response(JSON.stringify(body), { status: error.status, headers });
}
