import { useState, useSyncExternalStore } from 'react';
import { sessionStore } from '../../data/auth/session-store';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { appOutboxContext, saveAddress, saveBaseData } from '../../data/outbox/commands';
import { syncState, type SyncState } from '../../data/sync/sync-state';
import { latestById } from '../../domain/latest-by-id';
import { dateInTimeZone } from '../../domain/zoned-time';
import { Spinner } from '../../ui/spinner';
import { BaseDataForm, type BaseDataChange } from './basedata-form';
import { ProfileLayout } from './profile-nav';

const currentUserId = () => sessionStore.get().user?.id ?? null;

/** Changes wait in the outbox and cannot go now (offline, a failing server, a paused replay). */
const waiting = (s: SyncState): boolean => s.pendingCount > 0 && (!s.online || s.lastError !== null || s.paused !== null);
const currentWaiting = () => waiting(syncState.get());

/**
 * Saves through the outbox commands: each resolves once the mirror and its outbox entry are
 * written (offline too); the replay sends them later. A refusal (personal data already set)
 * throws, and the form shows the failure.
 */
async function saveChange(customerId: string, change: BaseDataChange): Promise<void> {
  const ctx = appOutboxContext();
  if (change.personal) {
    const saved = await saveBaseData(ctx, customerId, change.personal);
    if (!saved.ok) throw new Error(saved.error);
  }
  if (change.address) {
    const saved = await saveAddress(ctx, customerId, change.address);
    if (!saved.ok) throw new Error('address not saved');
  }
}

/** Route /profile/basedata (spec §2, §5): personal data, address and phone. */
export default function BaseDataView({ titleId }: { titleId: string }) {
  const userId = useSyncExternalStore(sessionStore.subscribe, currentUserId, currentUserId);
  const customer = useCustomerRecord();
  const flags = useSetupFlags();
  const pending = useSyncExternalStore(syncState.subscribe, currentWaiting, currentWaiting);
  const [today] = useState(() => dateInTimeZone(new Date()));
  const address = latestById(customer?.webshop_customer_address);
  return (
    <ProfileLayout titleId={titleId} flags={flags ?? null}>
      {customer === undefined || !userId ? (
        <Spinner />
      ) : (
        <BaseDataForm
          // starts again from the mirror when the record arrives (first pull) or the address row changes
          key={`${customer?.id ?? 'none'}:${address?.id ?? 'none'}`}
          customer={customer}
          address={address}
          today={today}
          pending={pending}
          onSave={(change) => saveChange(userId, change)}
        />
      )}
    </ProfileLayout>
  );
}
