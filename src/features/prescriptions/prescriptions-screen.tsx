import { useId, useMemo, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { DoseMark } from '../../domain/doses/dose-mark';
import type { Order, Prescription } from '../../domain/entities';
import { paths } from '../../domain/paths';
import { prescriptionCounts } from '../../domain/prescription-state';
import { Msg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { useProgressiveList } from '../../ui/use-progressive-list';
import { PrescriptionItem } from './prescription-item';
import { prescriptionRows, supplyLineReader, type MedicationLookup, type PrescriptionRow } from './prescription-rows';
import { PrescriptionToggle } from './prescription-toggle';
import { SendPrescriptionLink } from './send-prescription-link';
import './prescriptions.css';

export interface PrescriptionsScreenProps {
  prescriptions: readonly Prescription[];
  orders: readonly Order[];
  /** details of the prescribed medications by pharmacode (names); missing ones show the pharmacode */
  medications: MedicationLookup;
  /** setup flag: a send method has been chosen (spec §4) */
  hasSentPrescription: boolean;
  now: Date;
  /** every dose mark of the mirror: with them each active item says how long its supply lasts (tests may leave them out) */
  marks?: readonly DoseMark[];
  /** the patient information button of a prescription's medication (the view passes it; tests may leave it out) */
  infoFor?: (row: PrescriptionRow) => ReactNode;
}

/** Reads ?active= of /prescriptions: 'false' selects Expired, anything else Active. */
export const activeFromQuery = (search: string): boolean => new URLSearchParams(search).get('active') !== 'false';

/** /prescriptions (spec §2) with its data given: the toggle follows the address. */
export function PrescriptionsScreen({ prescriptions, orders, medications, hasSentPrescription, now, marks, infoFor }: PrescriptionsScreenProps) {
  const active = activeFromQuery(useSearch());
  const language = useIntlLanguage();
  const headingId = useId();
  const counts = prescriptionCounts(prescriptions, now);
  const rows = useMemo(() => prescriptionRows(prescriptions, orders, medications, active, language, now), [prescriptions, orders, medications, active, language, now]);
  const listed = useProgressiveList(rows, { key: String(active) });

  return (
    <section className="page rx-page" aria-labelledby="rx-title">
      <h1 id="rx-title">
        <Msg id="title.prescriptions" />
      </h1>
      <SendPrescriptionLink hasSentPrescription={hasSentPrescription} hasMedication={prescriptions.length > 0} />
      {counts.active > 0 ? (
        // the plan of the active prescriptions as the eMediplan (code, print, calendar)
        <div className="rx-send">
          <p>
            <Msg id="emediplan.openHint" />
          </p>
          <Link href={paths.planEmediplan.href()} className="button button--secondary">
            <Msg id="emediplan.open" />
          </Link>
        </div>
      ) : null}
      <PrescriptionToggle active={active} counts={counts} />
      <h2 id={headingId} className="visually-hidden">
        <Msg id={active ? 'prescriptions.heading.active' : 'prescriptions.heading.expired'} />
      </h2>
      {rows.length > 0 ? (
        <PrescriptionList listed={listed} headingId={headingId} supply={{ prescriptions, orders, marks, medications, now }} infoFor={infoFor} />
      ) : (
        <p className="notice notice--info rx-empty">
          <Msg id={active ? 'prescriptions.empty.active' : 'prescriptions.empty.expired'} />
        </p>
      )}
    </section>
  );
}

interface SupplyInputs {
  prescriptions: readonly Prescription[];
  orders: readonly Order[];
  marks: readonly DoseMark[] | undefined;
  medications: MedicationLookup;
  now: Date;
}

/**
 * The list, with the supply reader made in a render of its own: React yields between two
 * components' renders, never inside one, and the rows' model (the screen's render) and the
 * reader's setup (the orders and marks of 200 prescriptions) were one unit of work of 40–48 ms
 * at 4× CPU after a pull changed the data (issue 36). Each row's supply is walked when the row
 * renders (the list comes in slices), not all at once.
 */
function PrescriptionList({ listed, headingId, supply, infoFor }: { listed: readonly PrescriptionRow[]; headingId: string; supply: SupplyInputs; infoFor: PrescriptionsScreenProps['infoFor'] }) {
  const { prescriptions, orders, marks, medications, now } = supply;
  const supplyOf = useMemo(() => (marks ? supplyLineReader(prescriptions, orders, marks, medications, now) : undefined), [prescriptions, orders, marks, medications, now]);
  return (
    <ul className="rx-list" aria-labelledby={headingId}>
      {listed.map((row) => (
        <PrescriptionItem key={row.id} row={row} supply={supplyOf?.(row.id)} info={infoFor?.(row)} />
      ))}
    </ul>
  );
}
