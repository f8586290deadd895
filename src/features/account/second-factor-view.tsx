import { useEffect, useRef, useState } from 'react';
import { secondFactorLocks, verifySecondFactor } from '../../data/auth/mfa';
import { useSession } from '../../data/hooks/use-session';
import { signOut } from '../../data/session/app-session';
import { NOTIFICATION_MS } from '../../domain/constants';
import { Msg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';
import { endsSecondFactor, locksSecondFactor, SECOND_FACTOR_LOCKED, secondFactorMessage } from './account-messages';
import { CodeField } from './code-field';
import { useCodeForm } from './use-code-form';
import { useSecondFactorLock } from './use-second-factor-lock';
import './account.css';

/**
 * Login confirmation by authenticator code (spec §2, §4): shown instead of the routed view
 * while the session needs aal2. On success the session becomes aal2 and the shell shows the
 * routed view. Too many wrong codes (spec §8 #at04, #su01) lock it: the auth service refuses
 * every code for a while, a right one too, after a reload or a new sign-in as well — so the
 * screen says so with the time the lock ends (kept on this device, second-factor-lock.ts) and
 * offers the form again then; signing in again would not help, so the session is not ended.
 * A session that is gone ends with "please log in again" after the notification time.
 */
export default function SecondFactorView() {
  const userId = useSession().user?.id ?? null;
  const lock = useSecondFactorLock(userId);
  const [ended, setEnded] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const form = useCodeForm(async (code) => {
    const result = await verifySecondFactor(code);
    if (result.ok) {
      if (userId) secondFactorLocks.clear(userId);
      return;
    }
    if (locksSecondFactor(result.kind)) {
      const until = lock.lockNow();
      notify('danger', SECOND_FACTOR_LOCKED, { until });
      return;
    }
    const messageId = secondFactorMessage(result.kind);
    notify('danger', messageId);
    if (endsSecondFactor(result.kind)) setEnded(true);
    else if (result.kind === 'invalidCode') form.rejectCode(messageId);
  });

  const blocked = ended || lock.until !== null;
  useEffect(() => {
    if (blocked) noticeRef.current?.focus();
  }, [blocked]);
  // issue 40: this view replaces the sign-in form the focus was in; the focus goes to the code's field
  useEffect(() => {
    if (!blocked) form.formRef.current?.querySelector('input')?.focus();
    // once, when the view comes: later the field keeps the focus itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => void signOut(), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  return (
    <section className="page page--narrow" aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">
        <Msg id="title.secondFactor" />
      </h1>
      <p>
        <Msg id="secondFactor.intro" />
      </p>
      {blocked ? (
        <p className="notice account-notice--danger" tabIndex={-1} ref={noticeRef}>
          {ended ? <Msg id="secondFactor.error.at04" /> : <Msg id={SECOND_FACTOR_LOCKED} values={{ until: lock.until ?? 0 }} />}
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
          <Msg id={ended ? 'secondFactor.relogin' : 'secondFactor.signOut'} />
        </button>
      </p>
    </section>
  );
}
