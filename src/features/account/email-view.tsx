import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../data/hooks/use-session';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { Msg } from '../../i18n/msg';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { EmailCodeForm } from './email-code-form';
import { EmailRequestForm } from './email-request-form';
import './account.css';

type Step = { step: 'email'; draft: string } | { step: 'code'; email: string } | { step: 'done' };

/** /profile/email (spec §2, §4 E-mail change, §8): new address, then the mailed code. */
export default function EmailView() {
  const email = useSession().user?.email ?? null;
  const flags = useSetupFlags();
  const [state, setState] = useState<Step>({ step: 'email', draft: '' });
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state.step === 'done') doneRef.current?.focus();
  }, [state.step]);

  return (
    <ProfileLayout titleId="title.profileEmail" flags={flags ?? null}>
      {email && state.step !== 'done' ? (
        <p>
          <Msg id="email.current" values={{ email: <strong>{email}</strong> }} />
        </p>
      ) : null}
      {state.step === 'email' ? (
        <>
          <p>
            <Msg id="email.intro" />
          </p>
          <EmailRequestForm initial={state.draft} onSent={(sent) => setState({ step: 'code', email: sent })} />
        </>
      ) : null}
      {state.step === 'code' ? (
        <EmailCodeForm
          email={state.email}
          onConfirmed={() => setState({ step: 'done' })}
          onOtherAddress={() => setState({ step: 'email', draft: state.email })}
        />
      ) : null}
      {state.step === 'done' ? (
        <p className="notice account-notice--success" tabIndex={-1} ref={doneRef}>
          <Msg id="email.changed" />
        </p>
      ) : (
        <p className="field__hint">
          <Msg id="email.nextLogin" />
        </p>
      )}
    </ProfileLayout>
  );
}
