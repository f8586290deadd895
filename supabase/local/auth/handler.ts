// The local stack's GoTrue: createAuthHandler(deps) answers every /auth/v1 request that
// @supabase/auth-js sends (see README.md next to this file). `path` is the part after /auth/v1.
import { signup, token, getUser, updateUser, logout } from './account.ts';
import { type AuthDeps, createCtx, makeCall, type Call } from './context.ts';
import { AuthError, errorResponse, usesApiVersion2024 } from './errors.ts';
import { json } from './http.ts';
import { challenge, enroll, unenroll, verifyFactor } from './mfa.ts';
import { otp } from './magic-link.ts';
import { recover } from './recover.ts';
import { resend } from './resend.ts';
import { verifyGet, verifyPost } from './verify.ts';

export type { AuthDeps } from './context.ts';
export { DEFAULT_RATE_LIMITS, type RateLimits } from './ratelimit.ts';

type Route = (call: Call, ...params: string[]) => Promise<Response>;

interface RouteTable {
  pattern: RegExp;
  methods: Partial<Record<string, Route>>;
}

const ROUTES: RouteTable[] = [
  { pattern: /^\/health$/, methods: { GET: async () => json(health()) } },
  { pattern: /^\/settings$/, methods: { GET: async (call) => json(settings(call)) } },
  // GoTrue's WellKnownJwks: the public signing keys, never an HMAC secret; this stack signs with
  // the legacy secret only, so the set is empty, as on a hosted project without signing keys
  { pattern: /^\/\.well-known\/jwks\.json$/, methods: { GET: async () => json({ keys: [] }, 200, { 'cache-control': 'public, max-age=600' }) } },
  { pattern: /^\/signup$/, methods: { POST: signup } },
  { pattern: /^\/token$/, methods: { POST: token } },
  { pattern: /^\/user$/, methods: { GET: getUser, PUT: updateUser } },
  { pattern: /^\/logout$/, methods: { POST: logout } },
  { pattern: /^\/recover$/, methods: { POST: recover } },
  { pattern: /^\/verify$/, methods: { GET: verifyGet, POST: verifyPost } },
  { pattern: /^\/otp$/, methods: { POST: otp } },
  { pattern: /^\/magiclink$/, methods: { POST: otp } },
  { pattern: /^\/resend$/, methods: { POST: resend } },
  { pattern: /^\/factors$/, methods: { POST: enroll } },
  { pattern: /^\/factors\/([^/]+)$/, methods: { DELETE: unenroll } },
  { pattern: /^\/factors\/([^/]+)\/challenge$/, methods: { POST: challenge } },
  { pattern: /^\/factors\/([^/]+)\/verify$/, methods: { POST: verifyFactor } },
];

function health() {
  return { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' };
}

function settings(call: Call) {
  const providers = [
    'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github',
    'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc',
    'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom',
  ];
  return {
    external: Object.fromEntries(providers.map((p) => [p, p === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: !call.ctx.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

function normalise(path: string): string {
  const bare = path.split('?')[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function createAuthHandler(deps: AuthDeps): (req: Request, path: string) => Promise<Response> {
  const ctx = createCtx(deps);
  return async (req, path) => {
    const versioned = usesApiVersion2024(req);
    try {
      const p = normalise(path);
      for (const route of ROUTES) {
        const m = route.pattern.exec(p);
        if (!m) continue;
        const method = req.method.toUpperCase();
        if (method === 'OPTIONS') return new Response(null, { status: 204 });
        // no HEAD-as-GET: a link prefetch must not use up a /verify token
        const fn = route.methods[method];
        if (!fn) {
          const allow = Object.keys(route.methods).join(', ');
          return errorResponseWith(new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`), versioned, { allow });
        }
        const params = m.slice(1).map(safeDecode);
        return await fn(makeCall(ctx, req), ...params);
      }
      throw new AuthError(404, 'not_found', 'Not Found');
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(error, versioned);
      console.error('[auth] unexpected error', error);
      return errorResponse(new AuthError(500, 'unexpected_failure', 'Internal Server Error'), versioned);
    }
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function errorResponseWith(error: AuthError, versioned: boolean, headers: Record<string, string>): Response {
  const res = errorResponse(error, versioned);
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}
