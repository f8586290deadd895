import { useState } from 'react';
import { usePrescribedPatientInformation } from '../../data/hooks/use-prescribed-patient-information';
import { productPictureUrl } from '../../data/images/product-image';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { MedicationInfo } from '../../ui/medication-info/medication-info';
import type { SelectRow } from './select-rows';

/** The patient information of a medication on /order/select, opened from the order selection too; offline from the mirror. */
export function SelectInformation({ row }: { row: SelectRow }) {
  const [open, setOpen] = useState(false);
  const state = usePrescribedPatientInformation(row.prdno, useIntlLanguage(), open);
  if (row.name === null) return null;
  return <MedicationInfo name={row.name} pictureSrc={productPictureUrl(row.pharmacode, row.pictures, 500)} state={state} open={open} onOpenChange={setOpen} />;
}
