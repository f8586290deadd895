// What the order flow shows (spec §2 /order/select and /order/orderfinish, §4 Prescriptions,
// Generic tip, §5 Amount selector, Order selection, §9 generics maths): the domain's rules
// applied to the mirrored prescriptions, medication details, draft and order defaults.
import { amountMax, type Amount } from '../../domain/amounts';
import { parseDosage, type Dosage } from '../../domain/dosage';
import type { DraftOrder, Language, Medication, OrderDefaults, Pharmacode, Prescription } from '../../domain/entities';
import { genericSavings, medicationPack, showGenericTip } from '../../domain/generics';
import { latestById } from '../../domain/latest-by-id';
import { medicationName } from '../../domain/medication';
import { draftAmount, draftLines, pruneDraft } from '../../domain/order-draft';
import { orderableMedications } from '../../domain/prescription-state';

export type MedicationLookup = ReadonlyMap<Pharmacode, Medication>;

export interface SelectRow {
  pharmacode: Pharmacode;
  /** name in the language; null when the details are not mirrored (the pharmacode is shown) */
  name: string | null;
  pictures: Medication['pharmindex_images'];
  /** the product number of its patient information (spec §7 compendium); null when not mirrored */
  prdno: number | null;
  /** pack size, e.g. 30 and "Stk" */
  pack: { qty: number; unit: string } | null;
  /** strength of the product, e.g. "20 mg" */
  strength: string | null;
  /** the prescribed dosage (of the latest active prescription of the medication) */
  dosage: Dosage | null;
  /** every active prescription of it is single-use: at most 1 (spec §5) */
  singleUse: boolean;
  max: number;
  /** the amount in the draft; undefined: not chosen */
  amount: Amount;
}

const byName = (language: Language) => {
  const collator = new Intl.Collator(language === 'fr' ? 'fr-CH' : 'de-CH', { sensitivity: 'base', numeric: true });
  return (a: SelectRow, b: SelectRow) => {
    // products without mirrored details (shown by pharmacode) last
    if (a.name === null || b.name === null) return Number(a.name === null) - Number(b.name === null) || a.pharmacode - b.pharmacode;
    return collator.compare(a.name, b.name) || a.pharmacode - b.pharmacode;
  };
};

/** One row per distinct medication of the active prescriptions (spec §2 /order/select), by name. */
export function selectRows(prescriptions: readonly Prescription[], medications: MedicationLookup, draft: DraftOrder, language: Language, now: Date): SelectRow[] {
  const byId = new Map(prescriptions.map((p) => [p.id, p]));
  return orderableMedications(prescriptions, now)
    .map((o) => {
      const medication = medications.get(Number(o.medication_id));
      const latest = byId.get(Math.max(...o.prescription_ids));
      const dosage = parseDosage(latest?.dosage);
      const product = medication?.pharmindex_product;
      const max = amountMax(o.single_use);
      const amount = draftAmount(draft, o.medication_id);
      return {
        pharmacode: o.medication_id,
        name: medication ? medicationName(medication, language) : null,
        pictures: medication?.pharmindex_images ?? null,
        prdno: typeof medication?.prdno === 'number' ? medication.prdno : null,
        pack: typeof medication?.qty === 'number' && medication.qtyu ? { qty: medication.qty, unit: medication.qtyu } : null,
        strength: product?.dose && product.doseu ? `${product.dose} ${product.doseu}` : null,
        dosage: dosage.ok ? dosage.value : null,
        singleUse: o.single_use,
        max,
        amount: amount === undefined ? undefined : Math.min(amount, max),
      };
    })
    .sort(byName(language));
}

/** The maximum of each orderable medication (null: not orderable now: no active prescription). */
export function orderableMax(prescriptions: readonly Prescription[], now: Date): (pharmacode: Pharmacode) => number | null {
  const max = new Map(orderableMedications(prescriptions, now).map((o) => [Number(o.medication_id), amountMax(o.single_use)]));
  return (pharmacode) => max.get(Number(pharmacode)) ?? null;
}

/**
 * The draft as it can be ordered now: products whose prescription expired or was used meanwhile
 * left out, amounts within their current maximum. Its emptiness decides the redirect of spec §2
 * "Any order step with an empty selection redirects to the selection screen".
 */
export const orderableDraft = (draft: DraftOrder, prescriptions: readonly Prescription[], now: Date): DraftOrder => pruneDraft(draft, orderableMax(prescriptions, now));

/** Pharmacodes of single-use rows, as the selection schema takes them (orderSelectionSchema). */
export const singleUseCodes = (rows: readonly SelectRow[]): Set<string> => new Set(rows.filter((r) => r.singleUse).map((r) => String(r.pharmacode)));

export interface GenericTipRow {
  pharmacode: Pharmacode;
  name: string | null;
  /** floored savings percent of the cheapest generic (spec §9), above 7 */
  percent: number;
}

/** The alternatives of each product as webshopGenericMeds answered (products without an answer absent). */
export type AlternativesByCode = ReadonlyMap<Pharmacode, readonly { price: number; quantity: number; quantity_unit: string | null; dscrd: string }[]>;

/**
 * The generic tip (spec §4, §5, §9): hidden once the latest order defaults allow generics;
 * otherwise the prescribed products whose cheapest generic's unit price saves more than 7 %,
 * the largest saving first.
 */
export function genericTipRows(
  rows: readonly SelectRow[],
  medications: MedicationLookup,
  alternatives: AlternativesByCode | null,
  defaults: readonly OrderDefaults[] | null | undefined,
): GenericTipRow[] {
  if (!alternatives || !showGenericTip(latestById(defaults))) return [];
  return rows
    .flatMap((row) => {
      const medication = medications.get(row.pharmacode);
      const found = alternatives.get(row.pharmacode);
      if (!medication || !found) return [];
      const savings = genericSavings(medicationPack(medication), found);
      return savings.show && savings.percent !== null ? [{ pharmacode: row.pharmacode, name: row.name, percent: savings.percent }] : [];
    })
    .sort((a, b) => b.percent - a.percent);
}

export interface FinishLine {
  pharmacode: Pharmacode;
  name: string | null;
  amount: number;
}

/** The products of the summary (spec §2 /order/orderfinish): the orderable draft's lines with names. */
export function finishLines(draft: DraftOrder, medications: MedicationLookup, language: Language): FinishLine[] {
  return draftLines(draft).map(({ pharmacode, amount }) => {
    const medication = medications.get(pharmacode);
    return { pharmacode, amount, name: medication ? medicationName(medication, language) : null };
  });
}
