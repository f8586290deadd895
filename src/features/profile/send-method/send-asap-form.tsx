import { useState, type FormEvent } from 'react';
import { sendAsapSchema } from '../../../domain/schemas/send-method';
import { Msg, useMsg } from '../../../i18n/msg';
import { useValidatedForm } from '../../../ui/form/use-validated-form';
import { YesNoField } from '../../../ui/profile-forms/yes-no-field';

/**
 * spec §4: once the method is set, whether the medications ship as soon as the prescription
 * arrives (yes) or the patient is e-mailed and orders later (no).
 */
export function SendAsapForm({ onSubmit, children }: { onSubmit: (sendAsap: boolean) => Promise<void>; children?: React.ReactNode }) {
  const t = useMsg();
  const form = useValidatedForm();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    const checked = form.check(sendAsapSchema, { send_asap: answer ?? undefined });
    if (!checked) return;
    form.setSending(true);
    try {
      await onSubmit(checked.send_asap);
    } finally {
      form.setSending(false);
    }
  };
  return (
    <form ref={form.formRef} className="form send-method" noValidate onSubmit={submit}>
      <YesNoField
        name="send_asap"
        legend={t('sendMethod.sendAsap')}
        value={answer}
        onChange={(x) => {
          setAnswer(x);
          form.clearError('send_asap');
        }}
        errorId={form.errors.send_asap}
        yesId="sendMethod.sendAsap.yes"
        noId="sendMethod.sendAsap.no"
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          <Msg id={form.sending ? 'profile.basedata.saving' : 'sendMethod.sendAsap.submit'} />
        </button>
        {children}
      </div>
    </form>
  );
}
