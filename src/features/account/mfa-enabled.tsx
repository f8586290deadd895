import { useEffect, useRef, useState } from 'react';
import { disableTwoFactor } from '../../data/auth/mfa';
import { Msg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';
import { NETWORK_ERROR } from './account-messages';

/** Two-factor is on: offer to disable it, after a confirmation (spec §4 "Disabling removes all factors"). */
export function MfaEnabled({ onDisabled }: { onDisabled: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const disableRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) disableRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const disable = async () => {
    setBusy(true);
    const result = await disableTwoFactor();
    setBusy(false);
    if (!result.ok) {
      notify('danger', NETWORK_ERROR);
      return;
    }
    notify('success', 'mfa.disabled');
    onDisabled();
  };

  return (
    <>
      <p className="notice account-notice--success">
        <Msg id="mfa.enabled" />
      </p>
      {confirming ? (
        <div className="account-confirm" role="group" aria-labelledby="mfa-disable-question" tabIndex={-1} ref={confirmRef}>
          <p id="mfa-disable-question">
            <Msg id="mfa.disable.question" />
          </p>
          <p className="button-row">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void disable()}>
              <Msg id="mfa.disable.confirm" />
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(false)}>
              <Msg id="mfa.disable.cancel" />
            </button>
          </p>
        </div>
      ) : (
        <p className="button-row">
          <button type="button" className="button button--secondary" ref={disableRef} onClick={() => setConfirming(true)}>
            <Msg id="mfa.disable" />
          </button>
        </p>
      )}
    </>
  );
}
