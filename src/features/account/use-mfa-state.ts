import { useCallback, useEffect, useRef, useState } from 'react';
import { enrollTotp, listFactors, removeUnverifiedFactors, type TotpEnrolment } from '../../data/auth/mfa';

export type MfaState =
  | { step: 'loading' }
  | { step: 'failed' }
  | { step: 'setup'; enrolment: TotpEnrolment }
  | { step: 'enabled' };

/**
 * Spec §4 Two-factor: "On load, unverified factors are removed and a new totp enrolment
 * starts if none exists." Any failure on the way is 'failed' (spec §8: reload page).
 */
export async function loadMfaState(): Promise<MfaState> {
  const removed = await removeUnverifiedFactors();
  if (!removed.ok) return { step: 'failed' };
  const listed = await listFactors();
  if (!listed.ok) return { step: 'failed' };
  if (listed.value.verified.length > 0) return { step: 'enabled' };
  const enrolled = await enrollTotp();
  return enrolled.ok ? { step: 'setup', enrolment: enrolled.value } : { step: 'failed' };
}

/** The state of the two-factor page; `reload` starts over (after disabling). */
export function useMfaState() {
  const [state, setState] = useState<MfaState>({ step: 'loading' });
  const started = useRef(false);
  const reload = useCallback(() => {
    setState({ step: 'loading' });
    void loadMfaState().then(setState);
  }, []);
  useEffect(() => {
    // once per page, also under StrictMode's double effect: two enrolments would race
    if (started.current) return;
    started.current = true;
    reload();
  }, [reload]);
  return { state, setState, reload };
}
