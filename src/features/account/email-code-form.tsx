import { useEffect, useRef } from 'react';
import { confirmEmailChange } from '../../data/auth/account';
import { Msg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';
import { emailCodeMessage, NETWORK_ERROR } from './account-messages';
import { CodeField } from './code-field';
import { useCodeForm } from './use-code-form';

/** Step 2 of the e-mail change (spec §4): the 6-digit code from the mail to the new address. */
export function EmailCodeForm({ email, onConfirmed, onOtherAddress }: { email: string; onConfirmed: () => void; onOtherAddress: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useCodeForm(async (code) => {
    const result = await confirmEmailChange(email, code);
    if (result.ok) {
      notify('success', 'email.changed');
      onConfirmed();
      return;
    }
    const messageId = emailCodeMessage(result.kind);
    notify('danger', messageId);
    if (messageId !== NETWORK_ERROR) form.rejectCode(messageId);
  });

  // the field appears after step 1: the cursor goes there
  useEffect(() => inputRef.current?.focus(), []);

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit}>
      <p>
        <Msg id="email.codeIntro" values={{ email: <strong>{email}</strong> }} />
      </p>
      <CodeField value={form.code} onChange={form.onChange} errorId={form.errorId} inputRef={inputRef} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.busy}>
          <Msg id={form.busy ? 'account.checking' : 'email.confirm'} />
        </button>
        <button type="button" className="button button--secondary" onClick={onOtherAddress}>
          <Msg id="email.otherAddress" />
        </button>
      </div>
    </form>
  );
}
