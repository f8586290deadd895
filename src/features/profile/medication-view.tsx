import { saveDelivery, useSave } from '../../data/hooks/use-save';
import { saveOrderDefaults } from '../../data/outbox/commands';
import { latestById } from '../../domain/latest-by-id';
import { OrderDefaultsForm } from '../../ui/profile-forms/order-defaults-form';
import { Spinner } from '../../ui/spinner';
import { ProfileFormPage, useOrderStep } from './profile-form-page';
import { RefillLeadForm } from './refill-lead-form';
import { useProfileData } from './use-profile-data';

/**
 * /profile/medication, the delivery settings (spec §2, §3 order defaults: insert-only, the latest
 * counts), and the order flow's review step /order/ordersettings. On the profile page, below
 * them, the lead time of the dashboard's refill reminder (issue 25, refill-lead-form.tsx).
 */
export default function MedicationView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const save = useSave(saveOrderDefaults);
  const { inOrder, formProps } = useOrderStep();
  const form =
    data === undefined ? (
      <Spinner />
    ) : (
      <OrderDefaultsForm
        stored={latestById(data.customer?.webshop_customer_order_defaults)}
        onSave={async (all) => saveDelivery(await save(all))}
        {...formProps}
      />
    );
  return (
    <ProfileFormPage titleId={titleId} inOrder={inOrder} flags={data?.flags ?? null}>
      {form}
      {/* the refill reminder's lead time belongs to the settings, not to this order's review */}
      {inOrder ? null : <RefillLeadForm />}
    </ProfileFormPage>
  );
}
