import { useState, type FormEvent, type ReactNode } from 'react';
import type { EspacePartnerType } from '../../../domain/constants';
import { espacePartnersOfType } from '../../../domain/send-method';
import { sendMethodSchema, sendMethods, type SendMethod, type SendMethodOutput } from '../../../domain/schemas/send-method';
import { Msg, useMsg } from '../../../i18n/msg';
import { FieldError } from '../../../ui/form/field-error';
import { TextAreaField } from '../../../ui/form/text-area-field';
import { TextField } from '../../../ui/form/text-field';
import { useValidatedForm } from '../../../ui/form/use-validated-form';
import { notify } from '../../../ui/notifications/notification-store';
import { YesNoField } from '../../../ui/profile-forms/yes-no-field';

interface Values {
  method: SendMethod | '';
  partnerType: EspacePartnerType | '';
  location: string;
  sendAll: boolean | null;
  description: string;
  docName: string;
  cpgName: string;
}

const EMPTY: Values = { method: '', partnerType: '', location: '', sendAll: null, description: '', docName: '', cpgName: '' };

const toInput = (v: Values) =>
  v.method === 'espace'
    ? { prescription_send_method: 'espace', prescription_location: v.location, send_all: v.sendAll ?? undefined, description: v.description }
    : { prescription_send_method: v.method || undefined, doc_name: v.docName, cpg_name: v.cpgName };

/** What the form saves itself: an e-prescription is sent by its own panel. */
export type ChosenSendMethod = Exclude<SendMethodOutput, { prescription_send_method: 'eprescription' }>;

/**
 * The chooser of spec §4 "Prescription send method": post, e-mail from the doctor, or a partner
 * (espace: health centres or pharmacies, then a location of the fixed list, whether to send all
 * medications and, if not, which); post and e-mail ask for the doctor's and the practice's names.
 * Each error of spec §5 at its field; no method chosen: the danger notice too. The fourth way,
 * an e-prescription (issue 27), shows `ePrescription` (the scanning panel, which sends it) instead
 * of the form's own button.
 */
export function SendMethodForm({ onSubmit, ePrescription, children }: { onSubmit: (chosen: ChosenSendMethod) => Promise<void>; ePrescription?: ReactNode; children?: ReactNode }) {
  const t = useMsg();
  const form = useValidatedForm();
  const [v, setV] = useState<Values>(EMPTY);
  const set = <K extends keyof Values>(key: K, value: Values[K], field: string = key) => {
    setV((current) => ({ ...current, [key]: value }));
    form.clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    const chosen = form.check(sendMethodSchema, toInput(v));
    if (!chosen) {
      if (!v.method) notify('danger', 'sendMethod.success_send_method');
      return;
    }
    if (chosen.prescription_send_method === 'eprescription') return;
    form.setSending(true);
    try {
      await onSubmit(chosen);
    } finally {
      form.setSending(false);
    }
  };

  const methodError = form.errors.prescription_send_method ?? form.errors[''];
  const partners = v.partnerType ? espacePartnersOfType(v.partnerType) : [];
  return (
    <form ref={form.formRef} className="form send-method" noValidate onSubmit={submit}>
      <fieldset className="field send-method__choices" aria-describedby={methodError ? 'send-method-error' : undefined}>
        <legend className="field__label">
          <Msg id="sendMethod.question" />
        </legend>
        {sendMethods.map((method) => (
          <label key={method} className="send-method__choice">
            <input
              type="radio"
              name="prescription_send_method"
              value={method}
              checked={v.method === method}
              aria-invalid={methodError ? true : undefined}
              onChange={() => {
                set('method', method, 'prescription_send_method');
                form.clearError('');
              }}
            />
            <span>
              <strong>
                <Msg id={`sendMethod.${method}.title`} />
              </strong>
              <span className="send-method__explain">
                <Msg id={`sendMethod.${method}.explain`} />
              </span>
            </span>
          </label>
        ))}
        {methodError ? <FieldError id="send-method-error" messageId={methodError} /> : null}
      </fieldset>

      {v.method === 'espace' ? (
        <>
          <fieldset className="field profile-radios" aria-describedby={form.errors.prescription_location ? 'send-location-error' : undefined}>
            <legend className="field__label">
              <Msg id="sendMethod.partnerType" />
            </legend>
            <div className="profile-radios__options">
              {(['practice', 'pharmacy'] as const).map((type) => (
                <label key={type} className="profile-radios__option">
                  <input
                    type="radio"
                    name="partner_type"
                    value={type}
                    checked={v.partnerType === type}
                    onChange={() => setV((c) => ({ ...c, partnerType: type, location: '' }))}
                  />
                  <Msg id={`sendMethod.partnerType.${type}`} />
                </label>
              ))}
            </div>
            {!v.partnerType && form.errors.prescription_location ? <FieldError id="send-location-error" messageId={form.errors.prescription_location} /> : null}
          </fieldset>
          {v.partnerType ? (
            <fieldset className="field send-method__partners" aria-describedby={form.errors.prescription_location ? 'send-location-error' : undefined}>
              <legend className="field__label">
                <Msg id={`sendMethod.location.${v.partnerType}`} />
              </legend>
              {partners.map((p) => (
                <label key={p.id} className="send-method__choice">
                  <input
                    type="radio"
                    name="prescription_location"
                    value={p.id}
                    checked={v.location === p.id}
                    aria-invalid={form.errors.prescription_location ? true : undefined}
                    onChange={() => set('location', p.id, 'prescription_location')}
                  />
                  <span>
                    <strong>{p.name}</strong>
                    <span className="send-method__explain">{`${p.zip} ${p.city}`}</span>
                  </span>
                </label>
              ))}
              {form.errors.prescription_location ? <FieldError id="send-location-error" messageId={form.errors.prescription_location} /> : null}
            </fieldset>
          ) : null}
          <YesNoField name="send_all" legend={t('sendMethod.sendAll')} value={v.sendAll} onChange={(x) => set('sendAll', x, 'send_all')} errorId={form.errors.send_all} />
          {v.sendAll === false ? (
            <TextAreaField
              name="description"
              rows={3}
              label={<Msg id="sendMethod.description" />}
              value={v.description}
              errorId={form.errors.description}
              onChange={(e) => set('description', e.target.value)}
            />
          ) : null}
        </>
      ) : null}

      {v.method === 'eprescription' ? ePrescription : null}

      {v.method === 'post' || v.method === 'email' ? (
        <div className="profile-grid">
          <TextField name="doc_name" autoComplete="off" label={<Msg id="sendMethod.docName" />} value={v.docName} errorId={form.errors.doc_name} onChange={(e) => set('docName', e.target.value, 'doc_name')} />
          <TextField name="cpg_name" autoComplete="off" label={<Msg id="sendMethod.cpgName" />} value={v.cpgName} errorId={form.errors.cpg_name} onChange={(e) => set('cpgName', e.target.value, 'cpg_name')} />
        </div>
      ) : null}

      <div className="form__actions">
        {v.method === 'eprescription' ? null : (
          <button type="submit" className="button button--primary" disabled={form.sending}>
            <Msg id={form.sending ? 'profile.basedata.saving' : 'sendMethod.submit'} />
          </button>
        )}
        {children}
      </div>
    </form>
  );
}
