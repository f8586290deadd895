import { saveDelivery, useSave } from '../../data/hooks/use-save';
import { saveQuestionnaire } from '../../data/outbox/commands';
import { latestById } from '../../domain/latest-by-id';
import { QuestionnaireForm } from '../../ui/profile-forms/questionnaire-form';
import { Spinner } from '../../ui/spinner';
import { OtherMedications } from './other-medications';
import { ProfileFormPage, useOrderStep } from './profile-form-page';
import { useProfileData } from './use-profile-data';

/**
 * /profile/questionnaire (spec §2, §3, §5), and the order flow's review step
 * /order/questionnaire: the same form, which there returns to the finish step after saving.
 */
export default function QuestionnaireView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const save = useSave(saveQuestionnaire);
  const { inOrder, formProps } = useOrderStep();
  const form =
    data === undefined ? (
      <Spinner />
    ) : (
      <QuestionnaireForm
        stored={latestById(data.customer?.webshop_customer_questionnaire)}
        onSave={async (changed) => saveDelivery(await save(changed))}
        renderMedications={(chosen, change) => <OtherMedications chosen={chosen} onChange={change} />}
        {...formProps}
      />
    );
  return (
    <ProfileFormPage titleId={titleId} inOrder={inOrder} flags={data?.flags ?? null}>
      {form}
    </ProfileFormPage>
  );
}
