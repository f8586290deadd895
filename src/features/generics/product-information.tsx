import { useState } from 'react';
import { usePatientInformation } from '../../data/hooks/use-patient-information';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { MedicationInfo } from '../../ui/medication-info/medication-info';

/**
 * The patient information of the chosen product (spec §7 compendium): a button and its dialog.
 * The text is asked for when the dialog opens; it comes from the network (a public look-up).
 */
export function ProductInformation({ prdno, name, pictureSrc }: { prdno: number | null; name: string; pictureSrc: string }) {
  const [open, setOpen] = useState(false);
  const state = usePatientInformation(open ? prdno : null, useIntlLanguage());
  return <MedicationInfo name={name} pictureSrc={pictureSrc} state={state} open={open} onOpenChange={setOpen} />;
}
