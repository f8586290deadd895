/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa with injectManifest from this file).
//
// - Precache: the whole build (index.html, every JS/CSS chunk — the entry, each route's
//   chunk, both language catalogues de-*.js / fr-*.js, supabase-js — icons, manifest, the
//   product placeholder), so every screen opens offline in German and French.
// - Navigations to app routes are answered with the route's precached document (each route has
//   one, its markup prerendered: src/app/route-document.ts), a path of no route with index.html;
//   never those to /auth, /rest, /realtime, /functions, /mailbox, or to files (sw/rules.ts).
// - Product pictures (VITE_PRODUCT_IMAGE_HOST): cache-first, at most 200 for 30 days, only
//   answers known to be pictures (product-images.ts). Offline and not cached: the placeholder.
//   The pharmacodes in their URLs are medical data: a page that signs out posts
//   WIPE_PATIENT_CACHES and the cache goes with its expiration records.
// - The disruption post (VITE_DISRUPTION_URL): network-first, 3 s timeout, then the last answer;
//   unreachable with nothing kept: 204 (no banner, and no failed request in the page's console).
// - Supabase (the VITE_SUPABASE_URL origin, any /auth/v1, /rest/v1, /functions/v1, /realtime/v1):
//   NO route, so the browser sends these straight to the network and nothing of them ever
//   lands in Cache Storage. The offline copy of patient data is the Dexie mirror.
// - Updates: a new worker waits until the user accepts the "update available" notice
//   (src/app/pwa), which posts SKIP_WAITING; on activation it claims the open pages, which then
//   reload. The very first install claims the page at once (nothing to replace).
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { documentFor } from '../src/app/route-document';
import { buildEnv } from '../src/data/build-env';
import { paths } from '../src/domain/paths';
import { WIPE_PATIENT_CACHES } from '../src/data/images/product-image';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../src/domain/product-picture';
import { VerifiedImageCacheFirst } from './product-images';
import { browserLanguage, isOpenData, isReminderData, LATER_ACTION, missedDoseNotification, otherNotification, postReminderAction, readMissedDosePayload, readReminderPayload, reminderNotification, reminderText, TAKEN_ACTION, type ReminderTexts } from './reminders';
import { CACHE_NAMES, DISRUPTION, NAVIGATION_DENYLIST, PRODUCT_IMAGES, isDisruptionPost, isProductImage, swConfig } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** the `reminder.push.*` texts of lang/de.json and lang/fr.json (vite.config.ts reminderTexts) */
declare const __REMINDER_TEXTS__: ReminderTexts;

const config = swConfig({
  supabaseUrl: buildEnv.supabaseUrl,
  productImageHost: buildEnv.productImageHost,
  disruptionUrl: buildEnv.disruptionUrl,
});

// Updates wait for the user (SKIP_WAITING below); whichever worker activates takes over the open pages.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const ROUTE_PATTERNS = Object.values(paths).map((path) => path.path);

registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      const own = documentFor(url.pathname, ROUTE_PATTERNS);
      const document = (own ? await matchPrecache(own) : undefined) ?? (await matchPrecache('/index.html'));
      return document ?? fetch(request);
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

const productImageExpiration = new ExpirationPlugin({ maxEntries: PRODUCT_IMAGES.maxEntries, maxAgeSeconds: PRODUCT_IMAGES.maxAgeSeconds, purgeOnQuotaError: true });

registerRoute(
  ({ url, request }) => request.method === 'GET' && isProductImage(url, config),
  new VerifiedImageCacheFirst({
    cacheName: CACHE_NAMES.productImages,
    plugins: [new CacheableResponsePlugin({ statuses: [...PRODUCT_IMAGES.statuses] }), productImageExpiration],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isDisruptionPost(url, config),
  new NetworkFirst({
    cacheName: CACHE_NAMES.disruption,
    networkTimeoutSeconds: DISRUPTION.networkTimeoutSeconds,
    plugins: [
      // 404 too: the latest answer replaces an older post, so a lifted disruption does not come back
      new CacheableResponsePlugin({ statuses: [...DISRUPTION.statuses] }),
      new ExpirationPlugin({ maxEntries: DISRUPTION.maxEntries, maxAgeSeconds: DISRUPTION.maxAgeSeconds }),
      // the site unreachable and nothing kept: "no post" instead of a network error in the page
      { handlerDidError: async () => new Response(null, { status: DISRUPTION.unreachableStatus }) },
    ],
  }),
);

// A route that fails (offline, nothing cached): pictures get the placeholder, the rest an error.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'image') return (await matchPrecache(PRODUCT_IMAGE_PLACEHOLDER)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === WIPE_PATIENT_CACHES) {
    // the cache and its expiration records (the workbox-expiration database) both name pharmacodes
    const done = productImageExpiration.deleteCacheAndMetadata().then(
      () => event.ports[0]?.postMessage({ done: true }),
      () => event.ports[0]?.postMessage({ done: false }),
    );
    event.waitUntil(done);
  }
});

// Dose reminders (issue 28, sw/reminders.ts). Every push shows a notification: iOS revokes a
// subscription whose pushes show none. A helper's missed-dose alert (issue 41) shows as such; a
// push that is neither still shows one.
self.addEventListener('push', (event) => {
  const text = event.data?.text() ?? null;
  const payload = readReminderPayload(text);
  const missed = payload ? null : readMissedDosePayload(text);
  const { title, options } = payload
    ? reminderNotification(payload, __REMINDER_TEXTS__)
    : missed
      ? missedDoseNotification(missed, __REMINDER_TEXTS__)
      : otherNotification(__REMINDER_TEXTS__, browserLanguage(self.navigator.language));
  event.waitUntil(self.registration.showNotification(title, options));
});

/** "Taken" and "later" without opening the app; a tap elsewhere opens the dashboard at the period. */
async function onReminderClick(notification: Notification, action: string): Promise<void> {
  const data: unknown = notification.data;
  if (!isReminderData(data)) {
    // a notification that is no reminder: a tap opens the app
    if (!isOpenData(data)) return;
    notification.close();
    await openApp(data.url);
    return;
  }
  const t = (key: string) => reminderText(__REMINDER_TEXTS__, data.lang, key);
  if (action === TAKEN_ACTION || action === LATER_ACTION) {
    const ok = await postReminderAction(buildEnv.supabaseUrl.replace(/\/+$/, ''), data, action, new Date());
    notification.close();
    // the outcome replaces the reminder (same tag); a failure keeps the way into the app
    await self.registration.showNotification(notification.title, {
      body: t(ok ? action : 'failed'),
      tag: notification.tag,
      lang: notification.lang,
      icon: notification.icon,
      data: ok ? null : data,
    });
    return;
  }
  notification.close();
  await openApp(data.url);
}

/** The app at `path`: an open window of it navigated there and focused, else a new one. */
async function openApp(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const open = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).find((c) => new URL(c.url).origin === self.location.origin);
  if (open) {
    await open.navigate(url).catch(() => null);
    await open.focus();
  } else {
    await self.clients.openWindow(url);
  }
}

self.addEventListener('notificationclick', (event) => {
  const work = onReminderClick(event.notification, event.action);
  // a click dispatched by script (not the browser) cannot extend its event; the work runs all the same
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
});
