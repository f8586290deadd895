import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useInsurers } from '../../data/hooks/use-insurers';
import { deliveryOf, useSave } from '../../data/hooks/use-save';
import { saveInsurance } from '../../data/outbox/commands';
import { readInsurance } from '../../domain/insurance';
import { latestById } from '../../domain/latest-by-id';
import { paths } from '../../domain/paths';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { InsuranceForm } from '../../ui/profile-forms/insurance-form';
import { Spinner } from '../../ui/spinner';
import { OrderStep } from '../../ui/order-step';
import { useProfileData } from './use-profile-data';

/**
 * /profile/insurance (spec §2, §3, §5), and the order flow's review step /order/insurance
 * (linked with isOrder=true): the same form, which there returns to the finish step after saving.
 */
export default function InsuranceView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const insurers = useInsurers();
  const save = useSave(saveInsurance);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const inOrder = location.startsWith(paths.order.href()) || new URLSearchParams(search).get('isOrder') === 'true';
  const latest = latestById(data?.customer?.webshop_customer_insurance);
  const stored = useMemo(() => (latest ? readInsurance(latest) : null), [latest]);
  const form =
    data === undefined || insurers === undefined ? (
      <Spinner />
    ) : (
      <InsuranceForm
        stored={stored}
        insurers={insurers}
        onSave={async (changed) => deliveryOf(await save(changed))}
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
