import { useLocation } from 'wouter';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { saveDelivery, useSave } from '../../data/hooks/use-save';
import { saveAddress } from '../../data/outbox/commands';
import type { OrderAddress } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';
import { orderAddressOf, setDraftAddress } from '../../domain/order-draft';
import { paths } from '../../domain/paths';
import { OrderStep } from '../../ui/order-step';
import { notifySaved } from '../../ui/save-feedback';
import { Spinner } from '../../ui/spinner';
import { DraftGate } from './draft-gate';
import { OrderAddressForm } from './order-address-form';
import { useOrderFlow } from './use-order-flow';

const same = (a: OrderAddress | null, b: OrderAddress | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Route /order/address (spec §2): the delivery address of this order, kept in the draft (Dexie);
 * the profile's address changes only when the patient asks (then through the outbox, like the
 * profile page). Back to the summary after saving.
 */
export default function OrderAddressView({ titleId }: { titleId: string }) {
  return (
    <DraftGate>
      <OrderStep titleId={titleId}>
        <AddressStep />
      </OrderStep>
    </DraftGate>
  );
}

function AddressStep() {
  const flow = useOrderFlow();
  const customer = useCustomerRecord();
  const saveProfile = useSave(saveAddress);
  const [, navigate] = useLocation();
  if (flow === undefined || customer === undefined) return <Spinner />;
  const latest = latestById(customer?.webshop_customer_address);
  const profileAddress = orderAddressOf(latest);
  const back = () => navigate(paths.orderFinish.href());

  const onSave = async (address: OrderAddress, alsoProfile: boolean) => {
    // the profile's own address again: nothing of its own for this order
    await flow.change((d) => setDraftAddress(d, same(address, profileAddress) ? null : address));
    if (alsoProfile && latest && !same(address, profileAddress)) {
      const changed = Object.fromEntries(Object.entries(address).filter(([k, v]) => (latest[k as keyof OrderAddress] ?? null) !== v));
      notifySaved(saveDelivery(await saveProfile(changed)), 'profile.basedata.saved');
    }
    back();
  };
  const onUseProfile = async () => {
    await flow.change((d) => setDraftAddress(d, null));
    back();
  };
  return <OrderAddressForm initial={flow.draft.address ?? profileAddress} ownAddress={flow.draft.address !== null} onSave={onSave} onUseProfile={onUseProfile} />;
}
