import { useEffect, useId, useMemo, useRef } from 'react';
import { Msg, useMsg } from '../../i18n/msg';
import { ProductPicture } from '../product-picture';
import { SafeContent } from './safe-content';
import { patientInformationNodes } from './safe-html';
import './medication-info.css';

/**
 * The patient information as a screen has it (the data layer's usePatientInformation gives
 * exactly this): not asked yet, loading, missing (spec §8 "Missing compendium text"), offline
 * (not on this device and no connection), failed, or the text — HTML or plain text from the
 * compendium, sanitised here before it is shown (safe-html.ts).
 */
export type MedicationInfoState =
  | { status: 'idle' | 'loading' | 'missing' | 'offline' | 'failed' }
  | { status: 'ready'; content: string; language: 'de' | 'fr'; otherLanguage: boolean };

export interface MedicationInfoProps {
  /** the medication's name in the UI language */
  name: string;
  /** its 500 px picture (productPictureUrl); none: no picture in the dialog */
  pictureSrc?: string;
  state: MedicationInfoState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const STATUS_TEXT = { idle: 'medicationInfo.loading', loading: 'medicationInfo.loading', missing: 'medicationInfo.missing', offline: 'medicationInfo.offline', failed: 'medicationInfo.failed' } as const;

/**
 * A button "Patient information" and the modal dialog it opens (spec §7 compendium, §8): a
 * native <dialog> (focus moves in and returns to the button, Escape and the close button
 * close it, the page behind is inert), headed by the name and the picture. The screen asks for
 * the text only while `open` (usePatientInformation(open ? prdno : null, …)).
 */
export function MedicationInfo({ name, pictureSrc, state, open, onOpenChange }: MedicationInfoProps) {
  const t = useMsg();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const content = state.status === 'ready' ? state.content : null;
  const nodes = useMemo(() => (content === null ? [] : patientInformationNodes(content, { headingLevel: 3 })), [content]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <>
      <button type="button" className="medication-info__button" aria-haspopup="dialog" onClick={() => onOpenChange(true)}>
        <span className="medication-info__icon" aria-hidden="true" />
        <Msg id="medicationInfo.button" values={{ name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
      </button>
      <dialog
        ref={ref}
        className="medication-info"
        aria-labelledby={titleId}
        onClose={() => onOpenChange(false)}
        onClick={(e) => {
          // a click on the backdrop (the dialog element itself, outside its box) closes it
          if (e.target === e.currentTarget) onOpenChange(false);
        }}
      >
        {open ? (
          <div className="medication-info__box">
            <div className="medication-info__head">
              {pictureSrc ? <ProductPicture className="medication-info__picture" src={pictureSrc} size={500} /> : null}
              <h2 id={titleId} className="medication-info__title">
                <span className="medication-info__kicker">
                  <Msg id="medicationInfo.title" />
                </span>{' '}
                {name}
              </h2>
              <button type="button" className="button button--secondary medication-info__close" onClick={() => onOpenChange(false)} aria-label={t('medicationInfo.close')}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            {state.status === 'ready' ? (
              <div className="medication-info__text" lang={state.otherLanguage ? state.language : undefined}>
                {state.otherLanguage ? (
                  <p className="notice notice--info" lang={state.language === 'de' ? 'fr' : 'de'}>
                    <Msg id={state.language === 'de' ? 'medicationInfo.onlyGerman' : 'medicationInfo.onlyFrench'} />
                  </p>
                ) : null}
                <SafeContent nodes={nodes} />
              </div>
            ) : (
              <p className={state.status === 'loading' || state.status === 'idle' ? 'medication-info__status' : 'notice notice--info'} role="status">
                <Msg id={STATUS_TEXT[state.status]} />
              </p>
            )}
          </div>
        ) : null}
      </dialog>
    </>
  );
}
