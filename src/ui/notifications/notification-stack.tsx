import { useSyncExternalStore } from 'react';
import { Msg, useMsg } from '../../i18n/msg';
import { notifications as appStore, type NotificationStore } from './notification-store';
import './notifications.css';

/**
 * The bubbles, stacked 30 px apart (spec §2). The region is live, so screen readers
 * announce each new bubble; danger bubbles are alerts (assertive).
 */
export function NotificationStack({ store = appStore }: { store?: NotificationStore }) {
  const items = useSyncExternalStore(store.subscribe, store.list, store.list);
  const msg = useMsg();
  return (
    <div className="notifications" aria-live="polite" aria-relevant="additions">
      {items.map((n) => (
        <div key={n.id} className={`notification notification--${n.kind}`} role={n.kind === 'danger' ? 'alert' : 'status'}>
          <span className="notification__text">
            <Msg id={n.messageId} values={n.values} />
          </span>
          <button type="button" className="notification__close" aria-label={msg('notification.close')} onClick={() => store.dismiss(n.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
