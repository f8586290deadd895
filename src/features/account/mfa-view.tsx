import { useEffect, useRef } from 'react';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { Msg } from '../../i18n/msg';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import { Spinner } from '../../ui/spinner';
import { MfaEnabled } from './mfa-enabled';
import { MfaSetup } from './mfa-setup';
import { useMfaState } from './use-mfa-state';
import './account.css';

/** /profile/mfa (spec §2, §4 Two-factor, §8): loading, then set-up or disable. */
export default function MfaView() {
  const { state, setState, reload } = useMfaState();
  const flags = useSetupFlags();
  const panelRef = useRef<HTMLDivElement>(null);
  const acted = useRef(false);

  // After activating or disabling, focus moves to the new content (the button is gone).
  useEffect(() => {
    if (acted.current && state.step !== 'loading') panelRef.current?.focus();
  }, [state.step]);

  const after = (next: () => void) => () => {
    acted.current = true;
    next();
  };

  return (
    <ProfileLayout titleId="title.profileMfa" flags={flags ?? null}>
      <p>
        <Msg id="mfa.intro" />
      </p>
      <div ref={panelRef} tabIndex={-1} aria-busy={state.step === 'loading'}>
        {state.step === 'loading' ? <Spinner /> : null}
        {state.step === 'failed' ? (
          <div role="alert">
            <p className="notice account-notice--danger">
              <Msg id="mfa.error.load" />
            </p>
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
              <Msg id="mfa.reload" />
            </button>
          </div>
        ) : null}
        {state.step === 'setup' ? <MfaSetup enrolment={state.enrolment} onActivated={after(() => setState({ step: 'enabled' }))} /> : null}
        {state.step === 'enabled' ? <MfaEnabled onDisabled={after(reload)} /> : null}
      </div>
    </ProfileLayout>
  );
}
