import type { Language } from '../../domain/entities';
import { usePatientInformation, type PatientInformationState } from './use-patient-information';
import { useStoredPatientInformation } from './use-stored-patient-information';

/**
 * The patient information of a prescribed product as a dialog shows it: the mirror's copy first
 * (the pull keeps the prescriptions' texts, so it reads offline), else the network. Nothing is
 * read while `open` is false. Shared by every screen that lists prescribed medications.
 */
export function usePrescribedPatientInformation(prdno: number | null, language: Language, open: boolean): PatientInformationState {
  const stored = useStoredPatientInformation(open ? prdno : null);
  return usePatientInformation(open ? prdno : null, language, { stored: open ? stored : null });
}
