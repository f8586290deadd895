import { useMemo, useState } from 'react';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useCaregiverGrants } from '../../data/hooks/use-caregiver-grants';
import { useDoseMarkRows } from '../../data/hooks/use-dose-marks';
import { doseMarksOf } from '../../data/tables/dose-marks';
import type { HelperActor } from '../../domain/caregivers/grants';
import { marksByHelpers } from '../../domain/doses/marked-by';
import { useMedications } from '../../data/hooks/use-medications';
import { useOrders } from '../../data/hooks/use-orders';
import type { DoseMark } from '../../domain/doses/dose-mark';
import type { DuePrescription } from '../../domain/doses/doses-due';
import type { CustomerRecord, Pharmacode } from '../../domain/entities';
import type { IntakeSupply } from '../../domain/intake-course';
import { medicationName } from '../../domain/medication';
import { useMsg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';

/** What the doses' screens read of the mirror: the patient, the prescriptions, every mark, what was delivered, the products' names. */
export interface DosesData {
  customer: CustomerRecord;
  /** the prescriptions as the due rule reads them (created_at included: the pull selects every column) */
  prescriptions: readonly DuePrescription[];
  marks: readonly DoseMark[];
  /** the marks a helper made, by markIdentity: the day's rows name them (issue 41) */
  markedBy: ReadonlyMap<string, HelperActor>;
  /** the orders and the products' pack sizes: when a used single-use pack is finished (the rule of what is taken) */
  supply: IntakeSupply;
  /** each prescribed product's name in the language ("Medikament 1234567" when its details are not mirrored) */
  names: ReadonlyMap<Pharmacode, string>;
}

/** The mirror's data for the doses' screens, live; undefined while it is read, null without a patient. */
export function useDosesData(): DosesData | null | undefined {
  const customer = useCustomerRecord();
  const markRows = useDoseMarkRows();
  const marks = useMemo(() => (markRows === undefined ? undefined : doseMarksOf(markRows)), [markRows]);
  const grants = useCaregiverGrants();
  const orders = useOrders();
  const prescriptions = useMemo(() => (customer?.webshop_customer_medication ?? []) as readonly DuePrescription[], [customer]);
  const codes = useMemo(() => [...new Set(prescriptions.map((p) => Number(p.medication_id)))].sort((a, b) => a - b), [prescriptions]);
  const medications = useMedications(codes);
  const language = useIntlLanguage();
  const msg = useMsg();
  return useMemo(() => {
    if (customer === undefined || marks === undefined || markRows === undefined || grants === undefined || orders === undefined || medications === undefined) return undefined;
    if (customer === null) return null;
    const names = new Map(
      codes.map((code) => {
        const medication = medications.get(code);
        return [code, medication ? medicationName(medication, language) : msg('prescriptions.medicationFallback', { pharmacode: String(code) })] as const;
      }),
    );
    const markedBy = marksByHelpers(markRows, customer.id, grants.helpers);
    return { customer, prescriptions, marks, markedBy, supply: { orders, medications }, names };
    // msg changes with the language, which is a dependency already
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer, marks, markRows, grants, orders, medications, prescriptions, codes, language]);
}

/** The instant the screen is drawn for, fixed while it is open (a later visit reads the clock again). */
export function useScreenNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
