// Insurance has two field-name forms (spec §3): the save form of the upsert and the read form.
import type { CustomerId, Insurance, InsuranceRead, InsuranceSave } from './entities.ts';

/** The read form of a stored insurance row, whichever form it arrived in. */
export function readInsurance(row: Insurance): InsuranceRead {
  if ('insurance_name' in row) return row;
  return {
    id: row.id,
    customer_id: row.customer_id,
    insurance_name: row.insurance,
    insurance_nr: row.veka_nr,
    insurance_police_nr: row.police_nr,
    voluntary_insurance_name: row.additional_insurance,
    voluntary_insurance_nr: row.additional_insurance_nr,
  };
}

/** The save form (upsert payload of webshop_customer_insurance) of a read-form insurance. */
export function toInsuranceSave(
  read: Omit<InsuranceRead, 'id' | 'customer_id'>,
  customerId: CustomerId,
): InsuranceSave {
  return {
    customer_id: customerId,
    insurance: read.insurance_name,
    veka_nr: read.insurance_nr,
    police_nr: read.insurance_police_nr,
    additional_insurance: read.voluntary_insurance_name,
    additional_insurance_nr: read.voluntary_insurance_nr,
  };
}

/** Insurer list from pharmindex_insurance.descr1: blanks dropped, deduplicated and sorted. */
export function insurerList(names: readonly (string | null)[], locale = 'de-CH'): string[] {
  const unique = new Set(names.map((n) => n?.trim() ?? '').filter((n) => n !== ''));
  return [...unique].sort(new Intl.Collator(locale).compare);
}
