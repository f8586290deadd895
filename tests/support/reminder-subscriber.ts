// A patient's device for the dose reminders' tests: the stand-in push service (push-service.ts)
// plays the browser's push subscription, a VAPID pair of the test's own signs, and subscribe()
// stores the subscription as the app does (the patient's upsert of the registry's table).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReminderPayload } from '../../supabase/functions/_shared/dose-reminders.ts';
import { generateVapidKeys, importVapidKeys, type VapidSender } from '../../supabase/functions/_shared/web-push/vapid.ts';
import { startPushService, type PushService, type StandInSubscription } from './push-service.ts';

export interface StandInSubscriber {
  push: PushService;
  vapid: VapidSender;
  subscribe(patient: { client: SupabaseClient; userId: string }, options?: { showNames?: boolean }): Promise<StandInSubscription>;
  received(subscription: StandInSubscription): ReminderPayload[];
  stop(): Promise<void>;
}

export async function startStandInSubscriber(options: { now?: () => Date } = {}): Promise<StandInSubscriber> {
  const push = await startPushService(options);
  const vapid: VapidSender = { keys: await importVapidKeys(await generateVapidKeys()), subject: 'mailto:rezepte@rezeptpost.ch' };
  return {
    push,
    vapid,
    async subscribe(patient, { showNames = false } = {}) {
      const sub = await push.subscribe({ applicationServerKey: vapid.keys.publicKey });
      const res = await patient.client
        .from('webshop_customer_push_subscription')
        .upsert({ customer_id: patient.userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, device_label: 'test device', show_names: showNames }, { onConflict: 'customer_id,endpoint' });
      if (res.error) throw new Error(`storing the subscription: ${res.error.message}`);
      return sub;
    },
    received: (sub) => push.messages(sub.endpoint).map((m) => JSON.parse(m.payload) as ReminderPayload),
    stop: () => push.stop(),
  };
}
