import { useLocation } from 'wouter';
import { deliveryOf, useSave } from '../../data/hooks/use-save';
import { saveQuestionnaire } from '../../data/outbox/commands';
import { latestById } from '../../domain/latest-by-id';
import { paths } from '../../domain/paths';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { QuestionnaireForm } from '../../ui/profile-forms/questionnaire-form';
import { Spinner } from '../../ui/spinner';
import { OrderStep } from '../../ui/order-step';
import { OtherMedications } from './other-medications';
import { useProfileData } from './use-profile-data';

/**
 * /profile/questionnaire (spec §2, §3, §5), and the order flow's review step
 * /order/questionnaire: the same form, which there returns to the finish step after saving.
 */
export default function QuestionnaireView({ titleId }: { titleId: string }) {
  const data = useProfileData();
  const save = useSave(saveQuestionnaire);
  const [location, navigate] = useLocation();
  const inOrder = location.startsWith(paths.order.href());
  const form =
    data === undefined ? (
      <Spinner />
    ) : (
      <QuestionnaireForm
        stored={latestById(data.customer?.webshop_customer_questionnaire)}
        onSave={async (changed) => deliveryOf(await save(changed))}
        renderMedications={(chosen, change) => <OtherMedications chosen={chosen} onChange={change} />}
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
