import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useInsurers } from '../../../data/hooks/use-insurers';
import { saveDelivery, useSave } from '../../../data/hooks/use-save';
import { saveAddress, saveBaseData, saveInsurance, saveOrderDefaults, saveQuestionnaire } from '../../../data/outbox/commands';
import { trackUsage } from '../../../data/usage';
import { readInsurance } from '../../../domain/insurance';
import { latestById } from '../../../domain/latest-by-id';
import { paths } from '../../../domain/paths';
import { onboardingStep, type OnboardingStep } from '../../../domain/setup-state';
import { dateInTimeZone } from '../../../domain/zoned-time';
import { Msg } from '../../../i18n/msg';
import { useIntlLanguage } from '../../../i18n/use-intl-language';
import { BaseDataForm } from '../../../ui/profile-forms/basedata-form';
import { InsuranceForm } from '../../../ui/profile-forms/insurance-form';
import { OrderDefaultsForm } from '../../../ui/profile-forms/order-defaults-form';
import { QuestionnaireForm } from '../../../ui/profile-forms/questionnaire-form';
import { Spinner } from '../../../ui/spinner';
import { OtherMedications } from '../other-medications';
import { SetupOverview } from '../setup-overview';
import { SendPrescription } from '../send-method/send-prescription';
import { useProfileData } from '../use-profile-data';
import './onboarding.css';

export const ONBOARDING_STEPS = 6;

/** The onboarding opens with the setup overview and this intro text (src/app/guards.ts onboardingOpening). */
export interface OnboardingOpening {
  info: 1 | 2 | null;
}

/**
 * The onboarding (spec §2 Shell, §4 Profile setup): it replaces the routed view while setup is
 * incomplete. `opening`: first the setup overview of /profile/overview/{showInfo?} (its intro
 * text, the four steps done or to do) and a button into the steps. Each step shows while its
 * data is missing and the earlier ones are done — 1 base data, 2 address and phone, 3 insurance,
 * 4 questionnaire, 5 delivery settings, 6 how the prescription comes — with "step n of 6" and a
 * way back to the previous step. Once the prescription's way is chosen (or the patient says none
 * will come), /onboarding/finish.
 */
export default function OnboardingView({ opening = null }: { opening?: OnboardingOpening | null }) {
  const data = useProfileData();
  const insurers = useInsurers();
  const [, navigate] = useLocation();
  const [today] = useState(() => dateInTimeZone(new Date()));
  const missing = data ? onboardingStep(data.flags) : null;
  // "back" shows an earlier (done) step; saving it returns to the first missing one. Each press
  // of "back" is its own object, so a form's answer can tell whether it belongs to that view.
  const [back, setBack] = useState<{ step: OnboardingStep } | null>(null);
  const step: OnboardingStep | null = missing !== null && back !== null && back.step < missing ? back.step : missing;
  const [overview, setOverview] = useState(opening !== null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const shownOverview = useRef(overview);
  useEffect(() => {
    // a new step (or the first after the overview) takes the focus to its heading, so a screen reader starts there
    if ((shownStep.current !== step || shownOverview.current !== overview) && step !== null) headingRef.current?.focus();
    shownStep.current = step;
    shownOverview.current = overview;
  }, [step, overview]);

  const savePersonal = useSave(saveBaseData);
  const language = useIntlLanguage();
  const saveAddr = useSave(saveAddress);
  const saveIns = useSave(saveInsurance);
  const saveQuest = useSave(saveQuestionnaire);
  const saveDefaults = useSave(saveOrderDefaults);
  const stored = useMemo(() => {
    const c = data?.customer ?? null;
    const insurance = latestById(c?.webshop_customer_insurance);
    return {
      address: latestById(c?.webshop_customer_address),
      insurance: insurance ? readInsurance(insurance) : null,
      questionnaire: latestById(c?.webshop_customer_questionnaire),
      defaults: latestById(c?.webshop_customer_order_defaults),
      info: latestById(c?.webshop_customer_additional_info),
    };
  }, [data?.customer]);

  if (data === undefined || insurers === undefined) return <Spinner />;
  if (step === null) return <Spinner />;

  if (overview) {
    return (
      <section className="page page--narrow onboarding" aria-labelledby="onboarding-title">
        <h1 id="onboarding-title" ref={headingRef} tabIndex={-1}>
          <Msg id="title.onboarding" />
        </h1>
        <SetupOverview flags={data.flags} info={opening?.info ?? null} linked={false} />
        <p className="onboarding__start">
          <button type="button" className="button button--primary" onClick={() => setOverview(false)}>
            <Msg id={step === 1 ? 'onboarding.overview.start' : 'onboarding.overview.continue'} values={{ step, total: ONBOARDING_STEPS }} />
          </button>
        </p>
      </section>
    );
  }

  // a step saved while looking back returns to the first missing one. The answer of a save made
  // before a "back" (it waits a moment for the server) comes from the form as it was rendered
  // then, with the view of then: it must not undo the later "back".
  const shownBack = back;
  const done = (n: OnboardingStep) => () => {
    trackUsage('onboarding', { step: n });
    setBack((shown) => (shown !== null && shown === shownBack ? null : shown));
  };
  const finish = () => navigate(paths.onboardingFinish.href());

  const body = (() => {
    switch (step) {
      case 1:
      case 2:
        return (
          <BaseDataForm
            key={step}
            part={step === 1 ? 'personal' : 'address'}
            customer={data.customer}
            address={stored.address}
            today={today}
            submitId="onboarding.next"
            onSave={async (change) => {
              if (change.personal) return saveDelivery(await savePersonal(change.personal, language));
              if (change.address) return saveDelivery(await saveAddr(change.address));
              return { state: 'sent' };
            }}
            onSaved={done(step)}
          />
        );
      case 3:
        return <InsuranceForm stored={stored.insurance} insurers={insurers} submitId="onboarding.next" onSave={async (c) => saveDelivery(await saveIns(c))} onSaved={done(3)} />;
      case 4:
        return (
          <QuestionnaireForm
            stored={stored.questionnaire}
            submitId="onboarding.next"
            onSave={async (c) => saveDelivery(await saveQuest(c))}
            onSaved={done(4)}
            renderMedications={(chosen, change) => <OtherMedications chosen={chosen} onChange={change} />}
          />
        );
      case 5:
        return <OrderDefaultsForm stored={stored.defaults} submitId="onboarding.next" onSave={async (all) => saveDelivery(await saveDefaults(all))} onSaved={done(5)} />;
      default:
        return <SendPrescription info={stored.info} customer={data.customer} address={stored.address} onFinished={finish} onChosen={finish} />;
    }
  })();

  return (
    <section className="page page--narrow onboarding" aria-labelledby="onboarding-title">
      <p className="onboarding__progress">
        <Msg id="onboarding.stepOf" values={{ step, total: ONBOARDING_STEPS }} />
      </p>
      <div className="onboarding__bar" aria-hidden="true">
        <span className="onboarding__bar-fill" style={{ width: `${(step / ONBOARDING_STEPS) * 100}%` }} />
      </div>
      <h1 id="onboarding-title" ref={headingRef} tabIndex={-1}>
        <Msg id={`onboarding.title.${step}`} />
      </h1>
      <p>
        <Msg id={`onboarding.intro.${step}`} />
      </p>
      {step > 1 ? (
        <p>
          <button type="button" className="button button--link" onClick={() => setBack({ step: (step - 1) as OnboardingStep })}>
            <Msg id="onboarding.back" />
          </button>
        </p>
      ) : null}
      {body}
    </section>
  );
}
