// Dose reminders on this device (issue 28) for the dashboard and the profile: what the browser
// allows, whether this device is subscribed, and turning it on and off. Reading the state needs
// neither supabase-js nor Dexie (the dashboard's first load has neither); the writes load
// src/data/push/device-reminders.ts when the patient taps.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { reminderTimes, type ReminderTimes } from '../../domain/doses/reminder-times';
import { planSettingsQuery } from '../local/mirror-query';
import type { EnableError } from '../push/device-reminders';
import { useMirrorQuery } from './use-mirror-query';

/**
 * - unsupported: no service worker or Push API (an old browser, a private window, the dev server)
 * - home-screen: iOS in the browser: Web Push only reaches apps added to the home screen (iOS 16.4+)
 * - denied: notifications blocked for the site (only the browser's settings undo it)
 */
export type DeviceReminderState = 'loading' | 'unsupported' | 'home-screen' | 'denied' | 'off' | 'on';

export interface DeviceReminders {
  state: DeviceReminderState;
  times: ReminderTimes;
  busy: boolean;
  error: EnableError | null;
  /** medication names in the notification: this device's choice (kept here and in its row) */
  showNames: boolean;
  enable: (showNames: boolean) => Promise<void>;
  disable: () => Promise<void>;
}

const isIos = (): boolean => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isStandalone = (): boolean => (navigator as Navigator & { standalone?: boolean }).standalone === true || globalThis.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * Asked of the Permissions API, which answers asynchronously: Notification.permission asks the
 * browser process synchronously, and while a page loads that held the main thread up to 17 ms
 * (Lighthouse's traces of the dashboard). Browsers without it for notifications: the property.
 */
async function notificationPermission(): Promise<PermissionState | NotificationPermission> {
  try {
    const status = await navigator.permissions.query({ name: 'notifications' });
    return status.state;
  } catch {
    return Notification.permission;
  }
}

async function readState(): Promise<DeviceReminderState> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined') {
    return typeof navigator !== 'undefined' && isIos() && !isStandalone() ? 'home-screen' : 'unsupported';
  }
  if ((await notificationPermission()) === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return 'unsupported';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

const load = () => import('../push/device-reminders');

const SHOW_NAMES_KEY = 'reminders.showNames';
const storedShowNames = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(SHOW_NAMES_KEY) === '1';
  } catch {
    return false;
  }
};

/** `customerId`: the signed-in patient (the screen has it; the session store would bring supabase-js into the dashboard's chunk). */
export function useDeviceReminders(customerId: string | null): DeviceReminders {
  const [state, setState] = useState<DeviceReminderState>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<EnableError | null>(null);
  const [showNames, setShowNames] = useState(storedShowNames);
  // the patient's own period times (plan settings): the mirror's live query, as the screens read
  // it (read ahead at the start where the route reads them; the live query comes after the first
  // paint). A one-off read here opened the mirror in the same task as its first read (51 ms at
  // 4× CPU after the dashboard's first paint).
  const stored = useMirrorQuery(planSettingsQuery);
  const times = useMemo<ReminderTimes>(() => reminderTimes(stored ?? null), [stored]);

  useEffect(() => {
    let live = true;
    void readState()
      .catch((): DeviceReminderState => 'unsupported')
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const enable = useCallback(
    async (names: boolean) => {
      if (!customerId) return setError('signed_out');
      setBusy(true);
      setError(null);
      try {
        const result = await (await load()).enableReminders(customerId, names);
        if (result.ok) {
          setState('on');
          setShowNames(names);
          try {
            globalThis.localStorage?.setItem(SHOW_NAMES_KEY, names ? '1' : '0');
          } catch {
            // storage blocked: the choice holds for this page
          }
        }
        else {
          setError(result.error);
          setState(await readState().catch((): DeviceReminderState => 'unsupported'));
        }
      } finally {
        setBusy(false);
      }
    },
    [customerId],
  );

  const disable = useCallback(async () => {
    if (!customerId) return;
    setBusy(true);
    setError(null);
    try {
      await (await load()).disableReminders(customerId);
      setState('off');
    } finally {
      setBusy(false);
    }
  }, [customerId]);

  return { state, times, busy, error, showNames, enable, disable };
}
