import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useEPrescriptions, type SentEPrescription } from '../../../../data/hooks/use-eprescriptions';
import { saveDelivery, useSave } from '../../../../data/hooks/use-save';
import { sendEPrescription } from '../../../../data/outbox/commands';
import type { Delivery } from '../../../../data/outbox/delivery';
import { trackUsage } from '../../../../data/usage';
import { checkEPrescription, type CheckedEPrescription, type EPrescriptionRefusal } from '../../../../domain/emediplan/e-prescription-check';
import type { NamedPatient, PatientComparison } from '../../../../domain/emediplan/e-prescription-patient';
import { prescriberOf, type EPrescriptionSummary } from '../../../../domain/emediplan/e-prescription-summary';
import { Msg, useMsg } from '../../../../i18n/msg';
import { CheckboxField } from '../../../../ui/form/checkbox-field';
import { TextAreaField } from '../../../../ui/form/text-area-field';
import { reasonText } from '../../../../domain/reason-text';
import { notifySaved, waitingMessage } from '../../../../ui/save-feedback';
import { Spinner } from '../../../../ui/spinner';
import { useCalendarDate } from '../../../../ui/use-calendar-date';
import { EPrescriptionSummaryView } from './eprescription-summary-view';
import { QrCamera, type CameraError } from './qr-camera';
import { decodeImageFile } from './qr-decoder';
import './eprescription.css';

/** Why nothing can be sent: the code's reading, or how it was to be read (no code on the picture, no camera). */
export type ReadRefusal = EPrescriptionRefusal | 'no_qr' | 'empty' | CameraError;

type Way = 'camera' | 'photo' | 'paste';

/** A code refused for its date was read: whose and from when it is (`summary`) is said with the reason. */
type Refusal = { reason: ReadRefusal; way: Way; summary?: EPrescriptionSummary; patient?: PatientComparison };

type Step =
  | { step: 'ways'; refusal: Refusal | null }
  | { step: 'camera' }
  | { step: 'reading' }
  | { step: 'checked'; checked: CheckedEPrescription; confirmed: boolean; confirmError: boolean; sending: boolean }
  | { step: 'done'; delivery: Delivery };

const WAYS: Step = { step: 'ways', refusal: null };

/** A pasted link that cannot be read says why at its field; a read prescription refused says whose it is above the ways. */
const inField = (refusal: Refusal): boolean => refusal.way === 'paste' && refusal.summary === undefined;

function AlreadySent({ sent, ref }: { sent: SentEPrescription; ref: Ref<HTMLParagraphElement> }) {
  const formatDate = useCalendarDate();
  const id = sent.refused === 'conflict' ? 'ePrescription.already.otherDevice' : sent.pending ? 'ePrescription.already.waiting' : 'ePrescription.already.sent';
  return (
    <p ref={ref} tabIndex={-1} className="notice notice--info eprescription__focus" role="status">
      <Msg id={id} values={{ date: formatDate(sent.sentAt) }} />
    </p>
  );
}

/** Whose and from when a refused prescription is (issue 38): the doctor as the list names it, its date, the patient it names. */
function RefusedWhich({ summary, patient }: { summary: EPrescriptionSummary; patient: PatientComparison | undefined }) {
  const formatDate = useCalendarDate();
  const t = useMsg();
  const named = [patient?.inCode.firstName, patient?.inCode.lastName].filter(Boolean).join(' ');
  return (
    <p>
      <Msg
        id="ePrescription.refused.which"
        values={{ doctor: prescriberOf(summary.doctor) ?? t('ePrescription.summary.doctorUnknown'), date: formatDate(summary.date), patient: named || t('ePrescription.summary.patientUnknown') }}
      />
    </p>
  );
}

function DeliveryNotice({ delivery }: { delivery: Delivery }) {
  if (delivery.state === 'sent') {
    return (
      // not a live region: the notification says it once, and the focus moves here (issue 40)
      <p className="notice notice--success">
        <Msg id="ePrescription.done.sent" />
      </p>
    );
  }
  if (delivery.state === 'refused') {
    return (
      <p className="notice notice--danger" role="alert">
        <Msg id={reasonText(delivery.code)} />
      </p>
    );
  }
  const waiting = waitingMessage(delivery);
  return (
    <p className="notice notice--info" role="status">
      <Msg id="ePrescription.done.waiting" /> <Msg id={waiting.id} values={waiting.values} />
    </p>
  );
}

/**
 * "I have an e-prescription (QR code)" (issue 27): the QR code read with the camera (asked for
 * only when the patient chooses to scan), from a photo or a screenshot of the PDF, or from the
 * pasted link; then what it says, the patient it names against the profile (a mismatch must be
 * confirmed), and "send" — the code exactly as scanned goes to the pharmacy through the outbox,
 * offline too, once per prescription. A code that cannot be sent says why, and nothing is stored.
 */
export default function EPrescriptionPanel({ profile, onSent, level = 2 }: { profile: NamedPatient; onSent?: (delivery: Delivery) => void; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const ids = useId();
  const [step, setStep] = useState<Step>(WAYS);
  const [pasted, setPasted] = useState('');
  const formatDate = useCalendarDate();
  const sent = useEPrescriptions();
  const send = useSave(sendEPrescription);
  const summaryHeading = useRef<HTMLDivElement>(null);
  const alreadyRef = useRef<HTMLParagraphElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  // issue 40: the sent step replaces the send button; the focus goes to what it says
  const doneRef = useRef<HTMLDivElement>(null);
  const pasteField = useRef<HTMLDivElement>(null);
  // sent before (this device's mirror, or the server's 409 it learnt of): said first, and focused
  const already = step.step === 'checked' ? sent?.find((s) => s.rxId === step.checked.rxId) : undefined;

  const read = async (text: string, way: Way) => {
    if (!text.trim()) {
      setStep({ step: 'ways', refusal: { reason: way === 'paste' ? 'empty' : 'no_qr', way } });
      return;
    }
    setStep({ step: 'reading' });
    const checked = await checkEPrescription(text, new Date(), profile);
    setStep(
      checked.ok
        ? { step: 'checked', checked: checked.value, confirmed: false, confirmError: false, sending: false }
        : { step: 'ways', refusal: { reason: checked.error, way, ...(checked.summary ? { summary: checked.summary, patient: checked.patient } : {}) } },
    );
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setStep({ step: 'reading' });
    const text = await decodeImageFile(file);
    if (text === null) setStep({ step: 'ways', refusal: { reason: 'no_qr', way: 'photo' } });
    else await read(text, 'photo');
  };


  useEffect(() => {
    if (step.step === 'checked' && !step.sending) (already ? alreadyRef : summaryHeading).current?.focus();
    if (step.step === 'done') doneRef.current?.focus();
    // a refusal: the focus goes to what says why (the link field carries its own message)
    if (step.step === 'ways' && step.refusal) {
      if (inField(step.refusal)) pasteField.current?.querySelector('textarea')?.focus();
      else refusalRef.current?.focus();
    }
    // only when the step itself changes (or it turns out sent before), not on every re-render of the same step
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.step, step.step === 'ways' ? step.refusal : null, already !== undefined]);

  const confirmAndSend = async (current: Extract<Step, { step: 'checked' }>) => {
    const { checked } = current;
    if (checked.patient.mismatch && !current.confirmed) {
      setStep({ ...current, confirmError: true });
      return;
    }
    setStep({ ...current, sending: true });
    const outcome = await send({ rx_id: checked.rxId, raw: checked.prescription.raw, summary: checked.summary });
    const delivery = saveDelivery(outcome);
    // sent before, here or (the server's 409) from another device: the mirror says when
    if (delivery.state === 'refused' && (delivery.code === 'already_sent' || delivery.code === 'conflict')) {
      setStep({ ...current, sending: false });
      return;
    }
    trackUsage('prescriptionLocation', { method: 'eprescription' });
    notifySaved(delivery, 'ePrescription.done.sent');
    setStep({ step: 'done', delivery });
    if (delivery.state !== 'refused') onSent?.(delivery);
  };

  if (step.step === 'camera') {
    return (
      <div className="eprescription">
        <QrCamera
          onText={(text) => void read(text, 'camera')}
          onError={(reason) => setStep({ step: 'ways', refusal: { reason, way: 'camera' } })}
          onCancel={() => setStep(WAYS)}
        />
      </div>
    );
  }

  if (step.step === 'reading') {
    return (
      <div className="eprescription" role="status">
        <Spinner />
        <p>
          <Msg id="ePrescription.reading" />
        </p>
      </div>
    );
  }

  if (step.step === 'checked') {
    const { checked } = step;
    const profileName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
    const codeName = [checked.patient.inCode.firstName, checked.patient.inCode.lastName].filter(Boolean).join(' ');
    return (
      <div className="eprescription">
        {already ? <AlreadySent ref={alreadyRef} sent={already} /> : null}
        <div ref={summaryHeading} tabIndex={-1} className="eprescription__focus">
          <EPrescriptionSummaryView summary={checked.summary} patient={checked.patient} headingId={`${ids}-summary`} level={level} />
        </div>
        {checked.prescription.repaired ? (
          <p className="notice notice--info">
            <Msg id="ePrescription.repaired" />
          </p>
        ) : null}
        {already ? null : (
          <>
            {checked.patient.mismatch ? (
              <div className="notice notice--danger eprescription__mismatch">
                <p>
                  <Msg
                    id="ePrescription.mismatch"
                    values={{
                      codeName: codeName || '–',
                      codeBirth: checked.patient.inCode.birthDate ? formatDate(checked.patient.inCode.birthDate) : '–',
                      profileName: profileName || '–',
                      profileBirth: profile.birthDate ? formatDate(profile.birthDate) : '–',
                    }}
                  />
                </p>
                <CheckboxField
                  name="eprescription_confirm"
                  label={<Msg id="ePrescription.mismatch.confirm" />}
                  checked={step.confirmed}
                  errorId={step.confirmError && !step.confirmed ? 'ePrescription.mismatch.required' : null}
                  onChange={(e) => setStep({ ...step, confirmed: e.target.checked, confirmError: false })}
                />
              </div>
            ) : null}
            <p className="eprescription__verbatim">
              <Msg id="ePrescription.verbatim" />
            </p>
          </>
        )}
        <div className="button-row">
          {already ? null : (
            <button type="button" className="button button--primary" disabled={step.sending} onClick={() => void confirmAndSend(step)}>
              <Msg id={step.sending ? 'ePrescription.sending' : 'ePrescription.send'} />
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => setStep(WAYS)}>
            <Msg id="ePrescription.another" />
          </button>
        </div>
      </div>
    );
  }

  if (step.step === 'done') {
    return (
      <div className="eprescription">
        <div ref={doneRef} tabIndex={-1} className="eprescription__focus">
          <DeliveryNotice delivery={step.delivery} />
        </div>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => setStep(WAYS)}>
            <Msg id="ePrescription.sendAnother" />
          </button>
        </div>
      </div>
    );
  }

  const refusal = step.refusal;
  const refusalId = `${ids}-refusal`;
  return (
    <div className="eprescription">
      <p>
        <Msg id="ePrescription.intro" />
      </p>
      {refusal && !inField(refusal) ? (
        <div ref={refusalRef} tabIndex={-1} id={refusalId} className="notice notice--danger" role="alert">
          <p>
            <Msg id={`ePrescription.refused.${refusal.reason}`} />
          </p>
          {refusal.summary ? <RefusedWhich summary={refusal.summary} patient={refusal.patient} /> : null}
        </div>
      ) : null}
      <div className="eprescription__ways">
        <div className="eprescription__way">
          <Heading>
            <Msg id="ePrescription.way.camera" />
          </Heading>
          <p>
            <Msg id="ePrescription.way.cameraExplain" />
          </p>
          <button type="button" className="button button--primary" onClick={() => setStep({ step: 'camera' })}>
            <Msg id="ePrescription.camera.start" />
          </button>
        </div>
        <div className="eprescription__way">
          <Heading>
            <Msg id="ePrescription.way.photo" />
          </Heading>
          <label className="field__label" htmlFor={`${ids}-photo`}>
            <Msg id="ePrescription.photo.label" />
          </label>
          <input
            id={`${ids}-photo`}
            type="file"
            accept="image/*"
            className="eprescription__file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              void readFile(file);
            }}
          />
        </div>
        {/* no <form>: the panel also stands inside the send-method chooser's form */}
        <div ref={pasteField} className="eprescription__way">
          <Heading>
            <Msg id="ePrescription.way.paste" />
          </Heading>
          <TextAreaField
            name="eprescription_link"
            rows={3}
            label={<Msg id="ePrescription.paste.label" />}
            hint={<Msg id="ePrescription.paste.hint" />}
            value={pasted}
            spellCheck={false}
            autoComplete="off"
            errorId={refusal && inField(refusal) ? `ePrescription.refused.${refusal.reason}` : null}
            onChange={(e) => setPasted(e.target.value)}
          />
          <button type="button" className="button button--secondary" onClick={() => void read(pasted, 'paste')}>
            <Msg id="ePrescription.paste.read" />
          </button>
        </div>
      </div>
    </div>
  );
}
