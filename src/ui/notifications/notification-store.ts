import { NOTIFICATION_MS } from '../../domain/constants';
import { createStore } from '../../lib/store';

// Notification bubbles of spec §2/§8: any layer may raise one (by message id, translated
// when shown); each vanishes after 3.5 s (spec §9). Timers are injectable for tests.
export type NotificationKind = 'danger' | 'warning' | 'info' | 'success';

export interface Notification {
  id: number;
  kind: NotificationKind;
  messageId: string;
  values?: Record<string, string | number>;
}

export { NOTIFICATION_MS };

export function createNotificationStore(
  timers: { setTimeout: (fn: () => void, ms: number) => unknown } = globalThis,
  displayMs = NOTIFICATION_MS,
) {
  const items = createStore<readonly Notification[]>([]);
  let nextId = 1;

  const dismiss = (id: number) => {
    const next = items.get().filter((n) => n.id !== id);
    if (next.length !== items.get().length) items.set(next);
  };

  return {
    notify(kind: NotificationKind, messageId: string, values?: Notification['values']): number {
      const id = nextId++;
      items.set((list) => [...list, { id, kind, messageId, ...(values ? { values } : {}) }]);
      timers.setTimeout(() => dismiss(id), displayMs);
      return id;
    },
    dismiss,
    list: items.get,
    subscribe: items.subscribe,
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app-wide store. */
export const notifications = createNotificationStore();
export const notify = notifications.notify;
