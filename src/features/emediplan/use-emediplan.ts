// The patient's eMediplan as this area's screens show it, read from the mirror only (so offline
// the same): the CHMED16A document of what the patient takes (planFromPrescriptions: name,
// birth date, gender, language, the insurance card number of the latest insurance), its printed
// rows, and the period times of the plan settings. The document is made once per visit (its Id
// and date): the code, the print and the calendar of one visit are one plan.
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useMedications } from '../../data/hooks/use-medications';
import { useOrders } from '../../data/hooks/use-orders';
import { useAreaLoad } from '../../data/hooks/use-pull-state';
import type { AreaLoad } from '../../data/local/mirror-query';
import { usePlanSettings } from '../../data/hooks/use-plan-settings';
import { encodeChmed16a } from '../../domain/emediplan/chmed16a';
import type { Chmed16aDocument } from '../../domain/emediplan/chmed16a-model';
import { planFromPrescriptions } from '../../domain/emediplan/plan-from-prescriptions';
import { planSheet, type PlanSheet } from '../../domain/emediplan/plan-sheet';
import type { CustomerId, PlanSettings } from '../../domain/entities';
import { readInsurance } from '../../domain/insurance';
import { latestById } from '../../domain/latest-by-id';
import { medicationName } from '../../domain/medication';
import { periodTimesOf, type PeriodTimes } from '../../domain/plan-settings';
import { useIntlLanguage } from '../../i18n/use-intl-language';

export interface Emediplan {
  customerId: CustomerId;
  doc: Chmed16aDocument;
  sheet: PlanSheet;
  times: PeriodTimes;
  /** the stored plan settings; null: none yet (the defaults apply) */
  settings: Partial<PlanSettings> | null;
}

/** The plan; null: no customer record in the mirror; undefined while the mirror is read. */
export function useEmediplan(): Emediplan | null | undefined {
  const record = useCustomerRecord();
  const settings = usePlanSettings();
  const orders = useOrders();
  const language = useIntlLanguage();
  const [{ now, id }] = useState(() => ({ now: new Date(), id: globalThis.crypto.randomUUID() }));
  const prescriptions = record?.webshop_customer_medication;
  const pharmacodes = useMemo(() => [...new Set((prescriptions ?? []).map((p) => p.medication_id))].sort((a, b) => a - b), [prescriptions]);
  // the plan's units come from these: never the entries of the codes asked before (the code of a visit is one plan)
  const ownMedications = useMedications(pharmacodes, undefined, { stale: false });
  const customerLoad = useAreaLoad('customer');
  const medicationsLoad = useAreaLoad('medications');
  const medications = ownMedications && catalogueSettled(pharmacodes, ownMedications, customerLoad, medicationsLoad) ? ownMedications : undefined;

  // the document and its rows do not depend on the times: a change of times keeps the code
  const plan = useMemo(() => {
    if (record === undefined || medications === undefined || orders === undefined) return undefined;
    if (record === null) return null;
    const insurance = latestById(record.webshop_customer_insurance);
    const doc = planFromPrescriptions(
      {
        patient: {
          first_name: record.first_name,
          last_name: record.last_name,
          birthday: record.birthday,
          gender: record.gender,
          language: record.language ?? language,
          veka_nr: insurance ? readInsurance(insurance).insurance_nr : null,
        },
        // in the order they were prescribed (the standard leaves the order to the plan's author)
        prescriptions: [...(record.webshop_customer_medication ?? [])].sort((a, b) => a.id - b.id),
        medications: [...medications.values()],
        orders,
      },
      { now, id },
    );
    const sheet = planSheet(doc, (code) => {
      const medication = medications.get(Number(code));
      return medication ? medicationName(medication, language) : null;
    });
    return { customerId: record.id, doc, sheet };
  }, [record, medications, orders, language, now, id]);

  return useMemo(() => {
    if (plan === undefined || settings === undefined) return undefined;
    return plan && { ...plan, times: periodTimesOf(settings), settings };
  }, [plan, settings]);
}

/** The document as a CHMED16A code (compressed, as readers scan it); null until it is made. */
export function useEmediplanCode(doc: Chmed16aDocument | undefined): string | null {
  const [code, setCode] = useState<{ doc: Chmed16aDocument; text: string } | null>(null);
  useEffect(() => {
    if (!doc) return;
    let current = true;
    void encodeChmed16a(doc).then((text) => {
      // a transition: the code reaches the whole sheet (its print button, its code), and an update
      // from a promise would render it in one task, a table of a row per medication included
      if (current) startTransition(() => setCode({ doc, text }));
    });
    return () => {
      current = false;
    };
  }, [doc]);
  return code && code.doc === doc ? code.text : null;
}

/**
 * The products of these prescriptions are as known as they will be: each is in the mirror, or the
 * pull of the products ran (or failed) after the prescriptions arrived. Right after a sign-in the
 * prescriptions come first and their products a moment later: a plan made in between would lack
 * the units (and a code of one visit is one plan).
 */
export function catalogueSettled(codes: readonly number[], known: ReadonlyMap<number, unknown>, customer: AreaLoad | undefined, products: AreaLoad | undefined): boolean {
  if (codes.every((code) => known.has(code))) return true;
  if (!customer || !products) return false;
  return products.error !== null || (products.pulledAt ?? -1) >= (customer.pulledAt ?? 0);
}
