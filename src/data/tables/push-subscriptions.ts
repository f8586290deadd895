// Issue 28: the devices that get dose reminders, one row per browser push subscription; the
// sender (not the patient) writes last_success_at and removes devices the push service forgot.
// Written through the outbox (push/device-reminders.ts); no screen reads it.
import { declareTable } from './table-declaration';

export const PUSH_SUBSCRIPTION_TABLE = 'webshop_customer_push_subscription';

export const pushSubscriptions = declareTable({
  name: PUSH_SUBSCRIPTION_TABLE,
  mirror: 'rows',
  key: ['customer_id', 'endpoint'],
  write: 'upsert',
  label: (op) => (op === 'delete' ? 'sync.kind.reminderDeviceOff' : 'sync.kind.reminderDevice'),
});
