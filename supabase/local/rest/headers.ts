// Request headers PostgREST reads besides the JWT: Prefer, Accept, and the schema profile
// headers (Accept-Profile on GET/HEAD, Content-Profile otherwise).
import { RestError } from './errors.ts';

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
}

const ALLOWED: Record<keyof Preferences, readonly string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
};

/** `Prefer: return=representation, count=exact` (several Prefer headers arrive comma-joined). */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, tx: null };
  for (const part of (header ?? '').split(',')) {
    const [rawKey, rawValue] = part.split('=', 2).map((s) => s.trim());
    const key = rawKey as keyof Preferences;
    if (rawValue !== undefined && Object.hasOwn(ALLOWED, key) && ALLOWED[key].includes(rawValue)) {
      (prefs as unknown as Record<string, string>)[key] = rawValue;
    }
  }
  return prefs;
}

/** The Preference-Applied header: the preferences this request honoured. */
export function preferenceApplied(prefs: Preferences, keys: (keyof Preferences)[]): string | null {
  const applied = keys.filter((k) => prefs[k] !== null).map((k) => `${k}=${prefs[k]}`);
  return applied.length ? applied.join(', ') : null;
}

export interface MediaChoice {
  /** 'object' = application/vnd.pgrst.object+json (.single()) */
  shape: 'array' | 'object';
  stripNulls: boolean;
}

/** Content negotiation on Accept; 406 PGRST107 when nothing we produce is acceptable. */
export function negotiate(accept: string | null): MediaChoice {
  if (!accept || !accept.trim()) return { shape: 'array', stripNulls: false };
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === '*/*' || type === 'application/*' || type === 'application/json') return { shape: 'array', stripNulls: false };
    if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array') return { shape: 'array', stripNulls };
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { shape: 'object', stripNulls };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept.split(',').map((s) => s.trim()).join(', ')}`);
}

export const EXPOSED_SCHEMAS = ['public'];

/** 406 PGRST106 for a schema other than public; true when the request named a profile. */
export function checkProfile(req: Request): boolean {
  const readLike = req.method === 'GET' || req.method === 'HEAD';
  const profile = req.headers.get(readLike ? 'accept-profile' : 'content-profile');
  if (profile === null) return false;
  if (!EXPOSED_SCHEMAS.includes(profile)) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`);
  }
  return true;
}
