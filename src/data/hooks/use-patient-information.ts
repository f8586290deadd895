import { useEffect, useState } from 'react';
import type { Language, PatientInformation } from '../../domain/entities';
import { patientInformationText } from '../../domain/medication';
import { err } from '../../domain/result';
import { fetchPatientInformation, type PatientInformationError } from '../catalogue/patient-information';
import { appClient } from '../app-client';
import type { AppClient } from '../supabase-client';
import { useOnline } from './use-online';

/**
 * The patient information of one product as a screen shows it (spec §7 compendium, §8):
 * loading; the text in the UI language (or the other language's, marked); missing (the
 * compendium has none); offline (not kept on this device and no connection); failed.
 */
export type PatientInformationState =
  | { status: 'idle' | 'loading' | 'missing' | 'offline' | 'failed' }
  | { status: 'ready'; content: string; language: Language; otherLanguage: boolean };

type Answer = { prdno: number; info: PatientInformation | null } | { prdno: number; error: 'offline' | 'failed' };

function stateOf(info: PatientInformation | null | undefined, language: Language): PatientInformationState {
  const text = patientInformationText(info, language);
  return text ? { status: 'ready', content: text.text, language: text.language, otherLanguage: text.otherLanguage } : { status: 'missing' };
}

/**
 * The text of product `prdno` (null: nothing asked, e.g. while the dialog is closed; a
 * medication without prdno has no text: 'missing'). `stored`: the mirror's copy
 * (useStoredPatientInformation) — undefined while it is read, null when the mirror has none,
 * which then comes from the network; without the option the network is asked directly.
 */
export function usePatientInformation(
  prdno: number | null | undefined,
  language: Language,
  options: { stored?: PatientInformation | null | undefined; client?: () => AppClient | Promise<AppClient> } = {},
): PatientInformationState {
  const client = options.client ?? appClient;
  // the option given (even as undefined: the mirror is still being read) means: mirror first
  const stored = 'stored' in options ? options.stored : null;
  const online = useOnline();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const wanted = typeof prdno === 'number' && prdno > 0 ? prdno : null;
  const fromNetwork = wanted !== null && stored === null;

  useEffect(() => {
    if (!fromNetwork || !online) return;
    let current = true;
    setAnswer((a) => (a && 'error' in a ? null : a)); // a new attempt: no old failure meanwhile
    void Promise.resolve()
      .then(client)
      .then((c) => fetchPatientInformation(c, [wanted]))
      .catch(() => err<PatientInformationError>('network'))
      .then((result) => {
        if (!current) return;
        if (result.ok) setAnswer({ prdno: wanted, info: result.value[0] ?? null });
        else setAnswer({ prdno: wanted, error: result.error === 'network' && globalThis.navigator?.onLine === false ? 'offline' : 'failed' });
      });
    return () => {
      current = false;
    };
  }, [fromNetwork, wanted, online, client]);

  if (prdno === null) return { status: 'idle' };
  if (wanted === null) return { status: 'missing' };
  if (stored === undefined) return { status: 'loading' };
  if (stored) return stateOf(stored, language);
  if (answer?.prdno === wanted) return 'error' in answer ? { status: answer.error } : stateOf(answer.info, language);
  return online ? { status: 'loading' } : { status: 'offline' };
}
