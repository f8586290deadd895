import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { useEPrescriptions } from '../../../data/hooks/use-eprescriptions';
import { useSession } from '../../../data/hooks/use-session';
import { saveDelivery, useSave } from '../../../data/hooks/use-save';
import { announcePrescription, resetSendMethod, saveSendMethod, setSendAsap } from '../../../data/outbox/commands';
import { trackUsage } from '../../../data/usage';
import type { Address, AdditionalInfo, Customer } from '../../../domain/entities';
import { paths } from '../../../domain/paths';
import { espacePartnerById, isAnnouncedNotArrived, sendMethodStage } from '../../../domain/send-method';
import { Msg } from '../../../i18n/msg';
import { notifySaved } from '../../../ui/save-feedback';
import { Spinner } from '../../../ui/spinner';
import { SentEPrescriptions } from './eprescription/sent-eprescriptions';
import { PrepaidLabel } from './prepaid-label';
import { SendAsapForm } from './send-asap-form';
import { SendMethodForm, type ChosenSendMethod } from './send-method-form';
import './send-method.css';

// the scanner, its reader and the QR decoder load only when the patient has an e-prescription
const EPrescriptionPanel = lazy(() => import('./eprescription/eprescription-panel'));

export interface SendPrescriptionProps {
  /** the latest additional info (null: no method yet) */
  info: AdditionalInfo | null;
  customer: Pick<Customer, 'first_name' | 'last_name' | 'birthday'> | null;
  address: Pick<Address, 'street' | 'street_nr' | 'zip' | 'city'> | null;
  /** onboarding step 6: after the send-asap answer, and on "I will not send a prescription" */
  onFinished?: () => void;
  /** onboarding step 6: the way is chosen (the send-asap question follows on the finish screen) */
  onChosen?: () => void;
}

/**
 * How the prescription comes (spec §2 /prescriptions/add and onboarding step 6, §4, §5, §8): the
 * chooser, then the send-asap question, then what was chosen — with the prepaid label for post,
 * the notice while the prescription is announced but not received yet, and the reset (which
 * deletes the choice). The partner or the pharmacy's desk is mailed once per choice, through the
 * outbox, so a choice made offline goes out once the connection is back.
 */
export function SendPrescription({ info, customer, address, onFinished, onChosen }: SendPrescriptionProps) {
  const stage = sendMethodStage(info);
  const saveMethod = useSave(saveSendMethod);
  const announce = useSave(announcePrescription);
  const saveAsap = useSave(setSendAsap);
  const reset = useSave(resetSendMethod);
  const userId = useSession().user?.id ?? null;

  const ePrescriptions = useEPrescriptions();
  const [scanning, setScanning] = useState(false);
  const listId = useId();
  const profile = { firstName: customer?.first_name ?? null, lastName: customer?.last_name ?? null, birthDate: customer?.birthday ?? null };

  const chooseMethod = async (chosen: ChosenSendMethod) => {
    const fields =
      chosen.prescription_send_method === 'espace'
        ? { prescription_send_method: 'espace' as const, prescription_location: chosen.prescription_location, send_all: chosen.send_all, description: chosen.description || null, doc_name: null, cpg_name: null }
        : { prescription_send_method: chosen.prescription_send_method, prescription_location: null, send_all: null, description: null, doc_name: chosen.doc_name, cpg_name: chosen.cpg_name };
    const saved = saveDelivery(await saveMethod(fields));
    if (saved.state !== 'refused') {
      await announce(chosen.prescription_send_method === 'espace' ? { prescription_location: chosen.prescription_location } : { prescription_send_method: chosen.prescription_send_method });
      trackUsage('prescriptionLocation', { method: chosen.prescription_send_method });
    }
    notifySaved(saved, 'sendMethod.success');
    if (saved.state !== 'refused') onChosen?.();
  };

  const answerAsap = async (sendAsap: boolean) => {
    const saved = saveDelivery(await saveAsap(sendAsap));
    notifySaved(saved, 'sendMethod.success_generic');
    if (saved.state !== 'refused') onFinished?.();
  };

  const resetChoice = async () => {
    const saved = saveDelivery(await reset());
    if (saved.state !== 'refused') trackUsage('sendMethodReset', { user: userId });
    notifySaved(saved, 'sendMethod.resetDone');
  };

  const resetButton = (
    <button type="button" className="button button--secondary" onClick={() => void resetChoice()}>
      <Msg id="sendMethod.reset" />
    </button>
  );

  if (stage === 'choose') {
    return (
      <SendMethodForm
        onSubmit={chooseMethod}
        ePrescription={
          <Suspense fallback={<Spinner />}>
            <EPrescriptionPanel profile={profile} level={2} onSent={() => onChosen?.()} />
          </Suspense>
        }
      >
        {onFinished ? (
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              trackUsage('onboarding', { step: 6, sendMethod: 'none' });
              onFinished();
            }}
          >
            <Msg id="sendMethod.none" />
          </button>
        ) : null}
      </SendMethodForm>
    );
  }

  const partner = espacePartnerById(info?.prescription_location);
  const name = `${customer?.first_name ?? ''} ${customer?.last_name ?? ''}`.trim();
  return (
    <div className="send-method__done">
      <div className="notice notice--info">
        {stage === 'done' && !onFinished ? (
          <p>
            <Msg id="sendMethod.alreadySent" />
          </p>
        ) : null}
        <p className="send-method__chosen">
          {info?.prescription_send_method === 'espace' && partner ? (
            <Msg id="sendMethod.chosen.espace" values={{ partner: `${partner.name}, ${partner.zip} ${partner.city}` }} />
          ) : (
            <Msg id={`sendMethod.chosen.${info?.prescription_send_method ?? 'post'}`} values={{ doctor: info?.doc_name ?? '', practice: info?.cpg_name ?? '' }} />
          )}
        </p>
        {/* one status: an e-prescription at the pharmacy is said by the list below (issue 38) */}
        {isAnnouncedNotArrived(info, ePrescriptions ?? []) ? (
          <p>
            <Msg id="sendMethod.pending" />
          </p>
        ) : null}
      </div>
      {info?.prescription_send_method === 'post' ? (
        <section className="send-method__label" aria-labelledby="send-label-title">
          <h2 id="send-label-title">
            <Msg id="sendMethod.label.heading" />
          </h2>
          <p>
            <Msg id="sendMethod.label.explain" />
          </p>
          <PrepaidLabel sender={{ name, street: `${address?.street ?? ''} ${address?.street_nr ?? ''}`.trim(), zipCity: `${address?.zip ?? ''} ${address?.city ?? ''}`.trim() }} />
          <p>
            <button type="button" className="button button--secondary" onClick={() => globalThis.print?.()}>
              <Msg id="sendMethod.label.print" />
            </button>
          </p>
        </section>
      ) : null}
      <SentEPrescriptions items={ePrescriptions ?? []} headingId={listId} />
      {onFinished ? null : (
        <section className="send-method__eprescription" aria-labelledby={`${listId}-scan`}>
          <h2 id={`${listId}-scan`}>
            <Msg id="ePrescription.section" />
          </h2>
          {scanning ? (
            <Suspense fallback={<Spinner />}>
              <EPrescriptionPanel profile={profile} level={3} />
            </Suspense>
          ) : (
            <>
              <p>
                <Msg id="sendMethod.eprescription.explain" />
              </p>
              <button type="button" className="button button--secondary" onClick={() => setScanning(true)}>
                <Msg id="sendMethod.eprescription.title" />
              </button>
            </>
          )}
        </section>
      )}
      {stage === 'sendAsap' ? (
        <SendAsapForm onSubmit={answerAsap}>{resetButton}</SendAsapForm>
      ) : (
        <div className="button-row">
          {resetButton}
          {onFinished ? null : (
            <Link href={paths.dashboard.href()} className="button button--primary">
              <Msg id="sendMethod.toDashboard" />
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
