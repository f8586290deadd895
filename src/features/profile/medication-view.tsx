import { deliveryOf, useSave } from '../../data/hooks/use-save';
import { saveOrderDefaults } from '../../data/outbox/commands';
import { latestById } from '../../domain/latest-by-id';
import { OrderDefaultsForm } from '../../ui/profile-forms/order-defaults-form';
import { Spinner } from '../../ui/spinner';
import { ProfileFormPage, useOrderStep } from './profile-form-page';
import { useProfileData } from './use-profile-data';

/**
 * /profile/medication, the delivery settings (spec §2, §3 order defaults: insert-only, the latest
 * counts), and the order flow's review step /order/ordersettings.
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
        onSave={async (all) => deliveryOf(await save(all))}
        {...formProps}
      />
    );
  return (
    <ProfileFormPage titleId={titleId} inOrder={inOrder} flags={data?.flags ?? null}>
      {form}
    </ProfileFormPage>
  );
}
