// This device's dose reminders (issue 28): the browser's push subscription and its row in
// the push subscriptions' table (tables/push-subscriptions.ts, written through the outbox).
// Loaded on demand (the dashboard's first load carries no supabase-js or Dexie):
// src/data/hooks/use-device-reminders.ts imports it when the patient taps.
//
// Turning reminders on: the notification permission (asked only now, after the tap), the
// server's VAPID public key (GET /functions/v1/doseReminders), pushManager.subscribe, then the
// row through the outbox. Off: the row's delete through the outbox and unsubscribe. Sign-out:
// the row is deleted at once with the session still valid (the outbox is wiped with the mirror),
// and the browser unsubscribes even offline, so the next patient on this device gets a new one.
import type { CustomerId } from '../../domain/entities';
import { err, ok, type Result } from '../../domain/result';
import { TIMED_OUT, withinTime } from '../../lib/within-time';
import { appOutboxContext } from '../outbox/app-context';
import { putRow, removeRow } from '../outbox/commands';
import { supabase } from '../supabase-client';
import { PUSH_SUBSCRIPTION_TABLE } from '../tables/push-subscriptions';


/**
 * Why reminders could not be turned on, so the patient is told what happened (issue 38): no
 * connection (the pharmacy's server could not be reached at all); the pharmacy's server gave no
 * key in time; the browser's push service (Google, Apple, Mozilla) did not answer in time or
 * refused — the connection to the pharmacy is fine then; the change could not be kept.
 */
export type EnableError = 'unsupported' | 'denied' | 'signed_out' | 'offline' | 'server' | 'push_service' | 'unavailable';

/** How long the server's key and the push service's subscription may take before the patient is told. */
export const PUSH_ANSWER_MS = 15_000;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
  // the worker registers with the page (src/app/pwa); a page without one has no reminders
  const found = await navigator.serviceWorker.getRegistration();
  return found ? navigator.serviceWorker.ready : null;
}

/** The browser's push subscription of this device, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** A device label the patient recognises in the list of their devices: browser and system. */
export function deviceLabel(ua: string = navigator.userAgent): string {
  const system = /iPhone|iPad|iPod/.test(ua) ? 'iOS' : /Android/.test(ua) ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|Chromium\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : '';
  return [browser, system].filter(Boolean).join(' · ').slice(0, 100);
}

/** The server's VAPID public key, or why there is none: no connection, or no answer (in time) from the server. */
async function vapidPublicKey(): Promise<Result<string, 'offline' | 'server'>> {
  const { data, error } = await supabase().functions.invoke<{ publicKey?: string }>('doseReminders', { method: 'GET', timeout: PUSH_ANSWER_MS });
  if (error) {
    const cause = (error as { context?: unknown }).context;
    const timedOut = cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
    return err(error.name === 'FunctionsFetchError' && !timedOut ? 'offline' : 'server');
  }
  return typeof data?.publicKey === 'string' ? ok(data.publicKey) : err('server');
}

/**
 * The browser's subscription at its push service, within PUSH_ANSWER_MS. A subscription that
 * arrives after the patient was told is dropped again: the device would read as "on" with no
 * row on the server.
 */
async function subscribeWithin(reg: ServiceWorkerRegistration, key: string): Promise<PushSubscription | null> {
  const subscribing = reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    const sub = await withinTime(subscribing, PUSH_ANSWER_MS);
    if (sub !== TIMED_OUT) return sub;
    void subscribing.then((late) => late.unsubscribe()).catch(() => false);
    return null;
  } catch {
    return null;
  }
}

function rowOf(sub: PushSubscription, showNames: boolean): Record<string, unknown> | null {
  const json = sub.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, p256dh, auth, device_label: deviceLabel(), show_names: showNames };
}

/** Turns reminders on for this device (or changes whether they show names). */
export async function enableReminders(customerId: CustomerId, showNames: boolean): Promise<Result<PushSubscription, EnableError>> {
  const reg = await registration();
  if (!reg) return err('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return err('denied');
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const key = await vapidPublicKey();
    if (!key.ok) return key;
    sub = await subscribeWithin(reg, key.value);
    if (!sub) return err('push_service');
  }
  const row = rowOf(sub, showNames);
  if (!row) return err('unavailable');
  const queued = await putRow(await appOutboxContext(), customerId, PUSH_SUBSCRIPTION_TABLE, row);
  return queued.ok ? ok(sub) : err('unavailable');
}

/** Turns reminders off for this device. */
export async function disableReminders(customerId: CustomerId): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await removeRow(await appOutboxContext(), customerId, PUSH_SUBSCRIPTION_TABLE, { endpoint: sub.endpoint });
  await sub.unsubscribe().catch(() => false);
}

/**
 * Sign-out: the device's subscription goes, on the server while the session still holds, and in
 * the browser — side by side, not one after the other: the sign-out leaves the page when its wait
 * is over (app-session.ts), and a browser that has unsubscribed is answered "gone" by the push
 * service, so the sender deletes a row the server kept (supabase/functions/README.md).
 */
export async function dropDeviceReminders(): Promise<void> {
  const sub = await currentSubscription().catch(() => null);
  if (!sub) return;
  await Promise.allSettled([Promise.resolve(supabase().from(PUSH_SUBSCRIPTION_TABLE).delete().eq('endpoint', sub.endpoint)), sub.unsubscribe()]);
}
