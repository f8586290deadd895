import { useMemo } from 'react';
import { useInsurers } from '../../data/hooks/use-insurers';
import { saveDelivery, useSave } from '../../data/hooks/use-save';
import { saveInsurance } from '../../data/outbox/commands';
import { readInsurance } from '../../domain/insurance';
import { latestById } from '../../domain/latest-by-id';
import { InsuranceForm } from '../../ui/profile-forms/insurance-form';
import { Spinner } from '../../ui/spinner';
import { ProfileFormPage, useOrderStep } from './profile-form-page';
import { useProfileData } from './use-profile-data';

/**
 * /profile/insurance (spec §2, §3, §5), and the order flow's review step /order/insurance
 * (linked with isOrder=true): the same form, which there returns to the finish step after saving.
 */
export default function InsuranceView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const insurers = useInsurers();
  const save = useSave(saveInsurance);
  const { inOrder, formProps } = useOrderStep();
  const latest = latestById(data?.customer?.webshop_customer_insurance);
  const stored = useMemo(() => (latest ? readInsurance(latest) : null), [latest]);
  const form =
    data === undefined || insurers === undefined ? (
      <Spinner />
    ) : (
      <InsuranceForm
        stored={stored}
        insurers={insurers}
        onSave={async (changed) => saveDelivery(await save(changed))}
        {...formProps}
      />
    );
  return (
    <ProfileFormPage titleId={titleId} inOrder={inOrder} flags={data?.flags ?? null}>
      {form}
    </ProfileFormPage>
  );
}
