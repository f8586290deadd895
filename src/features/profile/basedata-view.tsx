import { useState, useSyncExternalStore } from 'react';
import { useSave } from '../../data/hooks/use-save';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useSession } from '../../data/hooks/use-session';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { saveAddress, saveBaseData } from '../../data/outbox/commands';
import { syncState, type SyncState } from '../../data/sync/sync-state';
import { latestById } from '../../domain/latest-by-id';
import { dateInTimeZone } from '../../domain/zoned-time';
import type { SaveDelivery } from '../../ui/save-feedback';
import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { ProfileReminders } from './profile-reminders';
import { Msg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { Spinner } from '../../ui/spinner';
import { FROM_COMPLETE_OVERVIEW } from './overview-state';
import { BaseDataForm, type BaseDataChange } from '../../ui/profile-forms/basedata-form';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';

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
  const savePersonal = useSave(saveBaseData);
  const language = useIntlLanguage();
  const saveAddr = useSave(saveAddress);
  const address = latestById(customer?.webshop_customer_address);
  // spec §2: a complete overview redirects here and offers the prescription tutorial
  const [fromOverview] = useState(() => Boolean((globalThis.history?.state as Record<string, unknown> | null)?.[FROM_COMPLETE_OVERVIEW]));

  /** Each command resolves once its outbox entry is written (offline too); the answer says how far the last one got. */
  async function save(change: BaseDataChange): Promise<SaveDelivery> {
    let delivery: SaveDelivery = { state: 'sent' };
    if (change.personal) {
      const saved = await savePersonal(change.personal, language);
      if (!saved.ok) return { state: 'refused', code: saved.error };
      delivery = saved.value.delivery;
    }
    if (change.address) {
      const saved = await saveAddr(change.address);
      if (!saved.ok) return { state: 'refused', code: saved.error };
      if (delivery.state === 'sent') delivery = saved.value.delivery;
    }
    return delivery;
  }

  return (
    <ProfileLayout titleId={titleId} flags={flags ?? null}>
      {fromOverview ? (
        <p className="notice notice--info">
          <Msg id="profile.overview.complete" values={{ link: (chunks) => <Link href={paths.prescriptionTutorial.href()}>{chunks}</Link> }} />
        </p>
      ) : null}
      {customer === undefined || !userId ? (
        <Spinner />
      ) : (
        <BaseDataForm
          // a new address row (the first one saved) starts the form from it
          key={address?.id ?? 'none'}
          customer={customer}
          address={address}
          today={today}
          pending={pending}
          onSave={save}
        />
      )}
      <ProfileReminders customerId={userId} />
    </ProfileLayout>
  );
}
