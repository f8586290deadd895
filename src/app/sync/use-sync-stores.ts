import { useSyncExternalStore } from 'react';
import { EMPTY_OUTBOX_VIEW, type OutboxView } from '../../data/sync/outbox-view';
import type { SessionBackend } from '../session-context';

const noSubscription = () => () => {};
const emptyView = () => EMPTY_OUTBOX_VIEW;

export function useOutboxView(backend: SessionBackend | null): OutboxView {
  const store = backend?.appSession.outboxView;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? emptyView, store?.get ?? emptyView);
}
