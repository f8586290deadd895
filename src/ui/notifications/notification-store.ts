import { NOTIFICATION_MS } from '../../domain/constants';

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

type Listener = () => void;

export function createNotificationStore(
  timers: { setTimeout: (fn: () => void, ms: number) => unknown } = globalThis,
  displayMs = NOTIFICATION_MS,
) {
  let items: readonly Notification[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  const dismiss = (id: number) => {
    const next = items.filter((n) => n.id !== id);
    if (next.length === items.length) return;
    items = next;
    emit();
  };

  return {
    notify(kind: NotificationKind, messageId: string, values?: Notification['values']): number {
      const id = nextId++;
      items = [...items, { id, kind, messageId, ...(values ? { values } : {}) }];
      emit();
      timers.setTimeout(() => dismiss(id), displayMs);
      return id;
    },
    dismiss,
    list: (): readonly Notification[] => items,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app-wide store. */
export const notifications = createNotificationStore();
export const notify = notifications.notify;
