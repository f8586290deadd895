// What the service worker does with which request: pure functions of the URL and the build
// configuration, so they are unit-tested (tests/unit/pwa/sw-rules.test.ts) and the worker
// (sw/sw.ts) only wires them to Workbox.
import { isProductImageUrl, PRODUCT_IMAGE_CACHE, productImageHost } from '../src/data/images/product-image';

export interface SwConfig {
  /** origin of the Supabase API (VITE_SUPABASE_URL) */
  supabaseOrigin: string;
  /** base URL of the product image host ('' = pictures off) */
  productImageHost: string;
  /** the disruption post's URL template ({lang} replaced), '' = banner off */
  disruptionUrl: string;
}

/** Cache names of the runtime routes (the precache is Workbox's own "workbox-precache-v2-…"). */
export const CACHE_NAMES = {
  productImages: PRODUCT_IMAGE_CACHE,
  disruption: 'disruption-post',
} as const;

/** only answers known to be pictures (a CORS 200): an opaque answer may be a 404, and it is medical data all the same */
export const PRODUCT_IMAGES = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, statuses: [200] } as const;
/** the post is small and there is one per language; a stale one is dropped after a day; unreachable and not kept: 204 No Content */
export const DISRUPTION = { networkTimeoutSeconds: 3, maxEntries: 4, maxAgeSeconds: 24 * 60 * 60, statuses: [200, 404], unreachableStatus: 204 } as const;

const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/**
 * The service worker's configuration from the build's settings, the same the app reads
 * (src/data/build-env.ts): VITE_SUPABASE_URL, VITE_PRODUCT_IMAGE_HOST, VITE_DISRUPTION_URL.
 */
export function swConfig(input: { supabaseUrl?: string; productImageHost?: string; disruptionUrl: string }): SwConfig {
  let supabaseOrigin: string;
  try {
    supabaseOrigin = new URL(input.supabaseUrl || LOCAL_SUPABASE_URL).origin;
  } catch {
    supabaseOrigin = new URL(LOCAL_SUPABASE_URL).origin;
  }
  return { supabaseOrigin, productImageHost: productImageHost(input.productImageHost), disruptionUrl: input.disruptionUrl };
}

/** The Supabase API paths (Auth, PostgREST, Edge Functions, Realtime), on whatever origin. */
const SUPABASE_API_PATH = /^\/(auth|rest|functions|realtime)\/v1(\/|$)/;

/**
 * Supabase API calls are never cached by the service worker: patient data must not linger in
 * Cache Storage (the local mirror in IndexedDB is the offline copy, and sign-out clears it),
 * and a cached auth or PostgREST answer would be wrong data. The worker registers no route for
 * them, so the browser sends them straight to the network; every other rule checks this first.
 */
export function isSupabaseApi(url: URL, config: Pick<SwConfig, 'supabaseOrigin'>): boolean {
  return url.origin === config.supabaseOrigin || SUPABASE_API_PATH.test(url.pathname);
}

/**
 * Navigations that do NOT fall back to the app shell: the Supabase API paths and the local
 * stack's mailbox (they may share the app's origin behind a proxy), and files (a path whose
 * last segment has a dot, e.g. /sw.js, /icons/x.png).
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/(auth|rest|realtime|functions|mailbox)(\/|$)/, /\/[^/]+\.[^/]+$/];

export function isAppNavigation(url: URL): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname));
}

export function isProductImage(url: URL, config: SwConfig): boolean {
  return !isSupabaseApi(url, config) && isProductImageUrl(url, config.productImageHost);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The disruption post: the template's origin and path ({lang} standing for any language code);
 * the query (slug per language) is part of the cache key, so German and French are kept apart.
 */
export function isDisruptionPost(url: URL, config: SwConfig): boolean {
  if (!config.disruptionUrl || isSupabaseApi(url, config)) return false;
  let template: URL;
  try {
    template = new URL(config.disruptionUrl.replaceAll('{lang}', 'LANGMARK'));
  } catch {
    return false;
  }
  if (url.origin !== template.origin) return false;
  const path = new RegExp(`^${escapeRegExp(template.pathname).replaceAll('LANGMARK', '[a-z]{2}')}$`);
  return path.test(url.pathname);
}
