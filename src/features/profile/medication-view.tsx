import { useLocation } from 'wouter';
import { deliveryOf, useSave } from '../../data/hooks/use-save';
import { saveOrderDefaults } from '../../data/outbox/commands';
import { latestById } from '../../domain/latest-by-id';
import { paths } from '../../domain/paths';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { OrderDefaultsForm } from '../../ui/profile-forms/order-defaults-form';
import { Spinner } from '../../ui/spinner';
import { OrderStep } from '../../ui/order-step';
import { useProfileData } from './use-profile-data';

/**
 * /profile/medication, the delivery settings (spec §2, §3 order defaults: insert-only, the latest
 * counts), and the order flow's review step /order/ordersettings.
 */
export default function MedicationView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const save = useSave(saveOrderDefaults);
  const [location, navigate] = useLocation();
  const inOrder = location.startsWith(paths.order.href());
  const form =
    data === undefined ? (
      <Spinner />
    ) : (
      <OrderDefaultsForm
        stored={latestById(data.customer?.webshop_customer_order_defaults)}
        onSave={async (all) => deliveryOf(await save(all))}
        {...(inOrder && { onSaved: () => navigate(paths.orderFinish.href()), submitId: 'profile.saveAndBack' })}
      />
    );
  return inOrder ? (
    <OrderStep titleId={titleId}>{form}</OrderStep>
  ) : (
    <ProfileLayout titleId={titleId} flags={data?.flags ?? null}>
      {form}
    </ProfileLayout>
  );
}
