import { useState } from 'react';
import { usePrescribedPatientInformation } from '../../data/hooks/use-prescribed-patient-information';
import { productPictureUrl } from '../../data/images/product-image';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { MedicationInfo } from '../../ui/medication-info/medication-info';
import type { PrescriptionRow } from './prescription-rows';

/**
 * The patient information of a prescription's medication (spec §7 compendium): it opens offline
 * too (the mirror keeps the prescriptions' texts). A medication whose details are not mirrored
 * has no name: no button.
 */
export function PrescriptionInformation({ row }: { row: PrescriptionRow }) {
  const [open, setOpen] = useState(false);
  const state = usePrescribedPatientInformation(row.prdno, useIntlLanguage(), open);
  if (row.name === null) return null;
  return <MedicationInfo name={row.name} pictureSrc={productPictureUrl(row.pharmacode, row.pictures, 500)} state={state} open={open} onOpenChange={setOpen} />;
}
