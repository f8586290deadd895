import { useState } from 'react';
import { verifyEnrollment, type TotpEnrolment } from '../../data/auth/mfa';
import { Msg, useMsg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';
import { activationMessage, NETWORK_ERROR } from './account-messages';
import { CodeField } from './code-field';
import { groupSecret } from './secret-groups';
import { useCodeForm } from './use-code-form';

/** No factor yet: the QR code and the secret, then the first code activates (spec §4, §8). */
export function MfaSetup({ enrolment, onActivated }: { enrolment: TotpEnrolment; onActivated: () => void }) {
  const msg = useMsg();
  const [providerMessage, setProviderMessage] = useState('');
  const form = useCodeForm(async (code) => {
    const result = await verifyEnrollment(enrolment.factorId, code);
    if (result.ok) {
      notify('success', 'mfa.activated');
      onActivated();
      return;
    }
    const messageId = activationMessage(result.kind);
    notify('danger', messageId, { message: result.message });
    if (messageId === NETWORK_ERROR) return;
    setProviderMessage(result.message);
    form.rejectCode(messageId);
  });
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      notify('info', 'mfa.secret.copied');
    } catch {
      // nothing copied: the key stays visible to select by hand
    }
  };

  return (
    <ol className="account-steps">
      <li>
        <p>
          <Msg id="mfa.step.scan" />
        </p>
        <img className="mfa-qr" src={enrolment.qrCode} alt={msg('mfa.qrAlt')} width={200} height={200} />
        <dl className="mfa-secret">
          <dt className="field__label">
            <Msg id="mfa.secret.label" />
          </dt>
          <dd className="field__hint">
            <Msg id="mfa.secret.hint" />
          </dd>
          <dd className="mfa-secret__row">
            <code className="mfa-secret__value" data-testid="mfa-secret">
              {groupSecret(enrolment.secret)}
            </code>
            {canCopy ? (
              <button type="button" className="button button--secondary" onClick={() => void copy()}>
                <Msg id="mfa.secret.copy" />
              </button>
            ) : null}
          </dd>
        </dl>
      </li>
      <li>
        <p>
          <Msg id="mfa.step.code" />
        </p>
        <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit}>
          <CodeField value={form.code} onChange={form.onChange} errorId={form.errorId} errorValues={{ message: providerMessage }} />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={form.busy}>
              <Msg id={form.busy ? 'account.checking' : 'mfa.activate'} />
            </button>
          </div>
        </form>
      </li>
    </ol>
  );
}
