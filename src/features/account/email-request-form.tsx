import { useRef, useState, type FormEvent } from 'react';
import { requestEmailChange } from '../../data/auth/account';
import { emailChangeSchema } from '../../domain/schemas/email-change';
import { validate } from '../../domain/schemas/validate';
import { useLanguage } from '../../i18n/i18n-provider';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { useFocusFirstInvalid } from '../../ui/form/use-focus-first-invalid';
import { notify } from '../../ui/notifications/notification-store';
import { emailRequestMessage, NETWORK_ERROR } from './account-messages';

/** Step 1 of the e-mail change (spec §4): the new address; a 6-digit code is mailed to it. */
export function EmailRequestForm({ initial, onSent }: { initial: string; onSent: (email: string) => void }) {
  const lang = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [email, setEmail] = useState(initial);
  const [errorId, setErrorId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(emailChangeSchema, { email });
    if (!checked.success) {
      setErrorId(checked.errors.email ?? null);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    const result = await requestEmailChange(checked.output.email, lang);
    setBusy(false);
    if (result.ok) {
      notify('info', 'email.codeSent', { email: checked.output.email });
      onSent(checked.output.email);
      return;
    }
    const messageId = emailRequestMessage(result.kind);
    notify('danger', messageId);
    if (messageId !== NETWORK_ERROR) {
      setErrorId(messageId);
      focusFirstInvalid();
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={<Msg id="email.newLabel" />}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrorId(null);
        }}
        errorId={errorId}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Msg id={busy ? 'account.sending' : 'email.send'} />
        </button>
      </div>
    </form>
  );
}
