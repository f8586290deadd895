import { useId, useMemo } from 'react';
import { useSearch } from 'wouter';
import type { Order, Prescription } from '../../domain/entities';
import { prescriptionCounts } from '../../domain/prescription-state';
import { Msg } from '../../i18n/msg';
import { PrescriptionItem } from './prescription-item';
import { prescriptionRows, type MedicationLookup } from './prescription-rows';
import { PrescriptionToggle } from './prescription-toggle';
import { SendPrescriptionLink } from './send-prescription-link';
import { useLanguageOfIntl } from '../../ui/use-calendar-date';
import './prescriptions.css';

export interface PrescriptionsScreenProps {
  prescriptions: readonly Prescription[];
  orders: readonly Order[];
  /** details of the prescribed medications by pharmacode (names); missing ones show the pharmacode */
  medications: MedicationLookup;
  /** setup flag: a send method has been chosen (spec §4) */
  hasSentPrescription: boolean;
  now: Date;
}

/** Reads ?active= of /prescriptions: 'false' selects Expired, anything else Active. */
export const activeFromQuery = (search: string): boolean => new URLSearchParams(search).get('active') !== 'false';

/** /prescriptions (spec §2) with its data given: the toggle follows the address. */
export function PrescriptionsScreen({ prescriptions, orders, medications, hasSentPrescription, now }: PrescriptionsScreenProps) {
  const active = activeFromQuery(useSearch());
  const language = useLanguageOfIntl();
  const headingId = useId();
  const counts = prescriptionCounts(prescriptions, now);
  const rows = useMemo(
    () => prescriptionRows(prescriptions, orders, medications, active, language, now),
    [prescriptions, orders, medications, active, language, now],
  );

  return (
    <section className="page rx-page" aria-labelledby="rx-title">
      <h1 id="rx-title">
        <Msg id="title.prescriptions" />
      </h1>
      <SendPrescriptionLink hasSentPrescription={hasSentPrescription} hasMedication={prescriptions.length > 0} />
      <PrescriptionToggle active={active} counts={counts} />
      <h2 id={headingId} className="visually-hidden">
        <Msg id={active ? 'prescriptions.heading.active' : 'prescriptions.heading.expired'} />
      </h2>
      {rows.length > 0 ? (
        <ul className="rx-list" aria-labelledby={headingId}>
          {rows.map((row) => (
            <PrescriptionItem key={row.id} row={row} />
          ))}
        </ul>
      ) : (
        <p className="notice notice--info rx-empty">
          <Msg id={active ? 'prescriptions.empty.active' : 'prescriptions.empty.expired'} />
        </p>
      )}
    </section>
  );
}
