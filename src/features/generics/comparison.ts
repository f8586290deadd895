// What the generics calculator shows for the chosen product (spec §5, §8, §9): one of the §8
// messages, or the original and its cheaper generics sorted by unit price, each with its saving
// when it is above 7 %. A pure function of the data layer's answer and the language.
import type { GenericComparison } from '../../data/hooks/use-generic-comparison';
import type { ProductPictures } from '../../data/images/product-image';
import { GENERIC_SAVINGS_MIN_PERCENT } from '../../domain/constants';
import type { Language, Pharmacode } from '../../domain/entities';
import { deductiblePercent, genericSavings, medicationPack, savingsPercent, unitPriceCents } from '../../domain/generics';
import { isOnSpecialtyList, medicationName } from '../../domain/medication';

/**
 * The §8 messages of the calculator: isGeneric ("Super! …"), sloplus2 (none approved in
 * Switzerland), otherError (generics cannot be searched for it), unknownFailure ("Es ist ein
 * Fehler aufgetreten …"), empty (none can be delivered yet), notOnList (only the specialty
 * list), offline (the calculator needs the network); list: the comparison.
 */
export type OutcomeKind = 'list' | 'isGeneric' | 'sloplus2' | 'otherError' | 'unknownFailure' | 'empty' | 'notOnList' | 'offline';

export interface ProductRow {
  pharmacode: Pharmacode;
  name: string;
  quantity: number | null;
  unit: string | null;
  price: number | null;
  unitPriceCents: number | null;
  pictures: ProductPictures | null;
}

export interface AlternativeRow extends ProductRow {
  /** floor of the saving per unit against the original, only when above 7 % (spec §5, §9) */
  savingsPercent: number | null;
}

export interface Outcome {
  kind: OutcomeKind;
  /** the chosen product, when the catalogue knows it */
  original: (ProductRow & { prdno: number | null; deductiblePercent: number; sloplus: number | null }) | null;
  alternatives: AlternativeRow[];
  /** the best saving, when it is shown (spec §5: the cheapest unit price lower, floored percent above 7) */
  bestSavingsPercent: number | null;
}

const ERROR_KIND: Readonly<Record<string, OutcomeKind>> = {
  is_generic: 'isGeneric',
  sloplus2: 'sloplus2',
  not_found: 'notOnList',
  rejected: 'otherError',
  failed: 'unknownFailure',
  offline: 'offline',
};

const none = (kind: OutcomeKind, original: Outcome['original'] = null): Outcome => ({ kind, original, alternatives: [], bestSavingsPercent: null });

/** The outcome for a comparison that arrived; null while nothing is chosen or it loads. */
export function comparisonOutcome(comparison: GenericComparison, language: Language): Outcome | null {
  if (comparison.status === 'idle' || comparison.status === 'loading') return null;
  if (comparison.status === 'offline') return none('offline');
  if (comparison.status === 'failed') return none('unknownFailure');
  const { medication, alternatives, pictures } = comparison;
  if (!medication || !isOnSpecialtyList(medication)) return none('notOnList');
  const pack = medicationPack(medication);
  const original = {
    pharmacode: medication.pharmacode,
    prdno: medication.prdno,
    name: medicationName(medication, language),
    quantity: medication.qty,
    unit: medication.qtyu,
    price: medication.pharmindex_prices?.price ?? null,
    unitPriceCents: pack ? unitPriceCents(pack.price, pack.quantity) : null,
    pictures: medication.pharmindex_images ?? null,
    sloplus: medication.sloplus,
    // spec §9: 40 % for an original with cheaper generics (sloplus 1), 10 % otherwise
    deductiblePercent: deductiblePercent(Number(medication.sloplus) !== 1),
  };
  if (!alternatives.ok) return none(ERROR_KIND[alternatives.error] ?? 'otherError', original);
  if (alternatives.value.length === 0) return none('empty', original);
  const savings = genericSavings(pack, alternatives.value);
  const rows: AlternativeRow[] = savings.alternatives.map((a) => {
    const percent = a.unitPriceCents !== null && original.unitPriceCents !== null ? savingsPercent(a.unitPriceCents, original.unitPriceCents) : null;
    const pharmacode = Number(a.pharmacode);
    return {
      pharmacode,
      name: medicationName({ dscrd: a.dscrd, dscrf: a.dscrf ?? null }, language),
      quantity: a.quantity,
      unit: a.quantity_unit,
      price: a.price,
      unitPriceCents: a.unitPriceCents,
      pictures: pictures.get(pharmacode) ?? null,
      savingsPercent:
        percent !== null && percent > GENERIC_SAVINGS_MIN_PERCENT && a.unitPriceCents !== null && original.unitPriceCents !== null && a.unitPriceCents < original.unitPriceCents
          ? percent
          : null,
    };
  });
  return { kind: 'list', original, alternatives: rows, bestSavingsPercent: savings.show ? savings.percent : null };
}

/** ?pharmacode= of the calculator's address: a positive whole number, else null. */
export function pharmacodeFromQuery(search: string): Pharmacode | null {
  const raw = new URLSearchParams(search).get('pharmacode')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** A ?pharmacode= that is there but no pharmacode (a mistyped shared address). */
export const invalidPharmacodeInQuery = (search: string): boolean => new URLSearchParams(search).has('pharmacode') && pharmacodeFromQuery(search) === null;
