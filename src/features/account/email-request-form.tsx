import { useState, type FormEvent } from 'react';
import { requestEmailChange } from '../../data/auth/account';
import { emailChangeSchema } from '../../domain/schemas/email-change';
import { useLanguage } from '../../i18n/i18n-provider';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { useValidatedForm } from '../../ui/form/use-validated-form';
import { notify } from '../../ui/notifications/notification-store';
import { emailRequestMessage, NETWORK_ERROR } from './account-messages';

/** Step 1 of the e-mail change (spec §4): the new address; a 6-digit code is mailed to it. */
export function EmailRequestForm({ initial, onSent }: { initial: string; onSent: (email: string) => void }) {
  const lang = useLanguage();
  const form = useValidatedForm();
  const [email, setEmail] = useState(initial);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    const checked = form.check(emailChangeSchema, { email });
    if (!checked) return;
    form.setSending(true);
    const result = await requestEmailChange(checked.email, lang);
    form.setSending(false);
    if (result.ok) {
      notify('info', 'email.codeSent', { email: checked.email });
      onSent(checked.email);
      return;
    }
    const messageId = emailRequestMessage(result.kind);
    notify('danger', messageId);
    if (messageId !== NETWORK_ERROR) form.showErrors({ email: messageId });
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit}>
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={<Msg id="email.newLabel" />}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          form.clearError('email');
        }}
        errorId={form.errors.email}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          <Msg id={form.sending ? 'account.sending' : 'email.send'} />
        </button>
      </div>
    </form>
  );
}
