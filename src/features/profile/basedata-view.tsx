import { useState, useSyncExternalStore } from 'react';
import { useCommand } from '../../data/hooks/use-command';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useSession } from '../../data/hooks/use-session';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { saveAddress, saveBaseData } from '../../data/outbox/commands';
import { syncState, type SyncState } from '../../data/sync/sync-state';
import { latestById } from '../../domain/latest-by-id';
import { dateInTimeZone } from '../../domain/zoned-time';
import { Spinner } from '../../ui/spinner';
import { BaseDataForm, type BaseDataChange } from './basedata-form';
import { ProfileLayout } from './profile-nav';

/** Changes wait in the outbox and cannot go now (offline, a failing server, a paused replay). */
const waiting = (s: SyncState): boolean => s.pendingCount > 0 && (!s.online || s.lastError !== null || s.paused !== null);
const currentWaiting = () => waiting(syncState.get());

/** Route /profile/basedata (spec §2, §5): personal data, address and phone. */
export default function BaseDataView({ titleId }: { titleId: string }) {
  const userId = useSession().user?.id ?? null;
  const customer = useCustomerRecord();
  const flags = useSetupFlags();
  const pending = useSyncExternalStore(syncState.subscribe, currentWaiting, currentWaiting);
  const [today] = useState(() => dateInTimeZone(new Date()));
  const savePersonal = useCommand(saveBaseData);
  const saveAddr = useCommand(saveAddress);
  const address = latestById(customer?.webshop_customer_address);

  /** Each command resolves once its outbox entry is written (offline too); the replay sends them later. */
  async function save(change: BaseDataChange): Promise<string | null> {
    if (change.personal) {
      const saved = await savePersonal(change.personal);
      if (!saved.ok) return saved.error;
    }
    if (change.address) {
      const saved = await saveAddr(change.address);
      if (!saved.ok) return saved.error;
    }
    return null;
  }

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
          onSave={save}
        />
      )}
    </ProfileLayout>
  );
}
