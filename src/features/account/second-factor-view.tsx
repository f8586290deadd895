import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_MS } from '../../domain/constants';
import { verifySecondFactor } from '../../data/auth/mfa';
import { signOut } from '../../data/session/app-session';
import { Msg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';
import { endsSecondFactor, secondFactorMessage } from './account-messages';
import { CodeField } from './code-field';
import { useCodeForm } from './use-code-form';
import './account.css';

/**
 * Login confirmation by authenticator code (spec §2, §4): shown instead of the routed view
 * while the session needs aal2. On success the session becomes aal2 and the shell shows the
 * routed view. Too many wrong codes end the session (spec §8 #at04, #su01): the message
 * stays on screen for the notification time, then the sign-out leaves for the home page.
 */
export default function SecondFactorView() {
  const [locked, setLocked] = useState(false);
  const lockedRef = useRef<HTMLParagraphElement>(null);
  const form = useCodeForm(async (code) => {
    const result = await verifySecondFactor(code);
    if (result.ok) return;
    const messageId = secondFactorMessage(result.kind);
    notify('danger', messageId);
    if (endsSecondFactor(result.kind)) setLocked(true);
    else if (result.kind === 'invalidCode') form.rejectCode(messageId);
  });

  useEffect(() => {
    if (!locked) return;
    lockedRef.current?.focus();
    const timer = setTimeout(() => void signOut(), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [locked]);

  return (
    <section className="page page--narrow" aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">
        <Msg id="title.secondFactor" />
      </h1>
      <p>
        <Msg id="secondFactor.intro" />
      </p>
      {locked ? (
        <p className="notice account-notice--danger" tabIndex={-1} ref={lockedRef}>
          <Msg id="secondFactor.error.at04" />
        </p>
      ) : (
        <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit}>
          <CodeField value={form.code} onChange={form.onChange} errorId={form.errorId} hintId="secondFactor.codeHint" />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={form.busy}>
              <Msg id={form.busy ? 'account.checking' : 'secondFactor.submit'} />
            </button>
          </div>
        </form>
      )}
      <p className="button-row">
        <button type="button" className="button button--secondary" onClick={() => void signOut()}>
          <Msg id={locked ? 'secondFactor.relogin' : 'secondFactor.signOut'} />
        </button>
      </p>
    </section>
  );
}
