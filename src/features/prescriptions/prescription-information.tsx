import { useState } from 'react';
import { usePatientInformation } from '../../data/hooks/use-patient-information';
import { useStoredPatientInformation } from '../../data/hooks/use-stored-patient-information';
import { productPictureUrl } from '../../data/images/product-image';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { MedicationInfo } from '../../ui/medication-info/medication-info';
import type { PrescriptionRow } from './prescription-rows';

/**
 * The patient information of a prescription's medication (spec §7 compendium): the pull keeps
 * the prescriptions' texts in the mirror, so it opens offline too; a text not kept yet comes
 * from the network. A medication whose details are not mirrored has no name: no button.
 */
export function PrescriptionInformation({ row }: { row: PrescriptionRow }) {
  const [open, setOpen] = useState(false);
  const stored = useStoredPatientInformation(open ? row.prdno : null);
  const state = usePatientInformation(open ? row.prdno : null, useIntlLanguage(), { stored: open ? stored : null });
  if (row.name === null) return null;
  return <MedicationInfo name={row.name} pictureSrc={productPictureUrl(row.pharmacode, row.pictures, 500)} state={state} open={open} onOpenChange={setOpen} />;
}
