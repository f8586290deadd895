// Test data of the generics calculator: an original (LIPORVA, 40.25 for 30, unit price 1.35)
// and five generics around the 7 % line (spec §5, §9), as the data layer answers them.
import type { GenericAlternativeRow, GenericsError } from '../../data/catalogue/generic-alternatives';
import type { GenericComparison } from '../../data/hooks/use-generic-comparison';
import type { Medication } from '../../domain/entities';
import type { Result } from '../../domain/result';

export const ORIGINAL: Medication = {
  pharmacode: 1000001,
  prdno: 14001,
  dscrd: 'LIPORVA Filmtabl 20 mg 30 Stk',
  dscrf: 'LIPORVA cpr pell 20 mg 30 pce',
  nincd: 10,
  qty: 30,
  qtyu: 'Stk',
  sloplus: 1,
  pharmindex_images: { picfront: 'x.JPG', picfront3d: 'x3d.JPG' },
  pharmindex_prices: { price: 40.25 },
  pharmindex_product: { dose: '20', doseu: 'mg' },
};

export const alt = (pharmacode: number, maker: string, price: number): GenericAlternativeRow => ({
  pharmacode,
  price,
  quantity: 30,
  quantity_unit: 'Stk',
  dscrd: `ATORVASTATIN ${maker} Filmtabl 20 mg 30 Stk`,
  dscrf: `ATORVASTATINE ${maker} cpr pell 20 mg 30 pce`,
});

// original unit price: 40.25 / 30 = 1.3417 -> 1.35 (rounded up to cents)
export const ALTERNATIVES = [
  alt(2001, 'Streuli', 38.0), //  1.2667 -> 1.27: floor(5.9) = 5 %, not shown
  alt(2002, 'Mepha', 24.15), //   0.805  -> 0.81: floor(40)  = 40 %
  alt(2003, 'Helvepharm', 37.5), // 1.25 -> 1.25: floor(7.4) = 7 %, not shown (only above 7)
  alt(2004, 'Sandoz', 35.1), //   1.17   -> 1.17: floor(13.3) = 13 %
  alt(2005, 'Zentiva', 37.2), //  1.24   -> 1.24: floor(8.1)  = 8 %, shown
];

export const ready = (alternatives: Result<GenericAlternativeRow[], GenericsError>, medication: Medication | null = ORIGINAL): GenericComparison => ({
  status: 'ready',
  pharmacode: ORIGINAL.pharmacode,
  medication,
  alternatives,
  pictures: new Map([[2002, { picfront: '2002.JPG', picfront3d: null }]]),
});
