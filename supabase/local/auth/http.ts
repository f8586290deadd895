// Request and response helpers: JSON bodies read the way GoTrue's retrieveRequestParams does
// (empty body = {}, malformed = 400 bad_json), typed field access, client address, redirects.
import { jsonNestsDeeperThan } from '../../functions/_shared/json-depth.ts';
import { AuthError } from './errors.ts';

export type Body = Record<string, unknown>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const badJson = (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);

export async function readJson(req: Request): Promise<Body> {
  let text: string;
  try {
    text = await req.text();
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not read body into byte slice');
  }
  if (!text.trim()) return {};
  // Go's encoding/json (GoTrue) refuses nesting beyond its limit the same way; ours is lower
  if (jsonNestsDeeperThan(text)) throw badJson('exceeded max depth');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson((error as Error).message);
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson('expected a JSON object');
  return value as Body;
}

/** A string field; undefined when absent or null; 400 bad_json when of another type. */
export function str(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badJson(`field "${key}" must be a string`);
  return v;
}

export function bool(body: Body, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badJson(`field "${key}" must be a boolean`);
  return v;
}

export function obj(body: Body, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badJson(`field "${key}" must be an object`);
  return v as Record<string, unknown>;
}

/** The client address as a proxy in front reports it; null when unknown (no per-IP limits then). */
export function clientIp(req: Request): string | null {
  const forwarded = req.headers.get('x-forwarded-for');
  const first = forwarded?.split(',')[0]?.trim();
  if (first) return first;
  return req.headers.get('x-real-ip')?.trim() || null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * GoTrue's GetReferrer: a redirect_to is honoured only when allowed, else the site URL.
 * Allowed here: the site's origin, the API's origin, and any loopback origin (local dev, e2e).
 */
export function allowedRedirect(candidate: string | null | undefined, siteUrl: string, apiUrl: string): string {
  if (!candidate) return siteUrl;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  const origins = [siteUrl, apiUrl].map((u) => {
    try {
      return new URL(u).origin;
    } catch {
      return '';
    }
  });
  if (origins.includes(url.origin) || LOOPBACK.has(url.hostname)) return candidate;
  return siteUrl;
}
