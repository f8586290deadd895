// spec §8 generics calculator messages, §5 "Generic savings are shown only if …", §9 unit price
// rounded up to cents, floored percent, sorted by unit price, savings above 7 %.
import { describe, expect, it } from 'vitest';
import type { GenericComparison } from '../../data/hooks/use-generic-comparison';
import { err, ok } from '../../domain/result';
import { alt, ALTERNATIVES, ORIGINAL, ready } from './calculator-test-support';
import { comparisonOutcome, invalidPharmacodeInQuery, pharmacodeFromQuery } from './comparison';

describe('comparisonOutcome', () => {
  it('the alternatives by unit price (rounded up to cents), each with its floored saving when above 7 %', () => {
    const outcome = comparisonOutcome(ready(ok(ALTERNATIVES)), 'de');
    expect(outcome?.kind).toBe('list');
    expect(outcome?.alternatives.map((a) => [a.pharmacode, a.unitPriceCents, a.savingsPercent])).toEqual([
      [2002, 81, 40],
      [2004, 117, 13],
      [2005, 124, 8],
      [2003, 125, null],
      [2001, 127, null],
    ]);
    expect(outcome?.bestSavingsPercent).toBe(40);
    expect(outcome?.original).toMatchObject({ name: 'LIPORVA Filmtabl 20 mg 30 Stk', unitPriceCents: 135, price: 40.25, quantity: 30, unit: 'Stk', deductiblePercent: 40, prdno: 14001 });
    expect(outcome?.alternatives[0]?.pictures).toEqual({ picfront: '2002.JPG', picfront3d: null });
    expect(outcome?.alternatives[1]?.pictures).toBeNull();
  });

  it('names in French', () => {
    const outcome = comparisonOutcome(ready(ok(ALTERNATIVES)), 'fr');
    expect(outcome?.original?.name).toBe('LIPORVA cpr pell 20 mg 30 pce');
    expect(outcome?.alternatives[0]?.name).toBe('ATORVASTATINE Mepha cpr pell 20 mg 30 pce');
  });

  it('no saving above 7 %: the list without savings', () => {
    const outcome = comparisonOutcome(ready(ok([alt(2003, 'Helvepharm', 37.5), alt(2001, 'Streuli', 38)])), 'de');
    expect(outcome?.kind).toBe('list');
    expect(outcome?.bestSavingsPercent).toBeNull();
    expect(outcome?.alternatives.every((a) => a.savingsPercent === null)).toBe(true);
  });

  it('an original without the higher deductible (sloplus 0): 10 %', () => {
    expect(comparisonOutcome(ready(ok(ALTERNATIVES), { ...ORIGINAL, sloplus: 0 }), 'de')?.original?.deductiblePercent).toBe(10);
  });

  // spec §8, one row per message of the calculator
  it.each([
    ['already a generic', ready(err('is_generic')), 'isGeneric'],
    ['sloplus2', ready(err('sloplus2')), 'sloplus2'],
    ['other errors', ready(err('rejected')), 'otherError'],
    ['unknown failure of the function', ready(err('failed')), 'unknownFailure'],
    ['unknown failure of the lookup', { status: 'failed', pharmacode: 1 } as GenericComparison, 'unknownFailure'],
    ['empty list', ready(ok([])), 'empty'],
    ['medication not found (lookup)', ready(ok([]), null), 'notOnList'],
    ['medication not found (function)', ready(err('not_found')), 'notOnList'],
    ['not on the specialty list', ready(ok([]), { ...ORIGINAL, nincd: 20 }), 'notOnList'],
    ['offline', { status: 'offline', pharmacode: 1 } as GenericComparison, 'offline'],
    ['offline while asking', ready(err('offline')), 'offline'],
  ] as const)('%s -> %s', (_name, comparison, kind) => {
    const outcome = comparisonOutcome(comparison, 'de');
    expect(outcome?.kind).toBe(kind);
    expect(outcome?.alternatives).toEqual([]);
  });

  it('the product is known for the messages about it (e.g. already a generic)', () => {
    expect(comparisonOutcome(ready(err('is_generic')), 'de')?.original?.name).toBe(ORIGINAL.dscrd);
  });

  it('nothing chosen or still loading: no outcome', () => {
    expect(comparisonOutcome({ status: 'idle' }, 'de')).toBeNull();
    expect(comparisonOutcome({ status: 'loading', pharmacode: 1 }, 'de')).toBeNull();
  });
});

describe('?pharmacode= of the address', () => {
  it.each([
    ['?pharmacode=1234567', 1234567, false],
    ['?pharmacode=%201234567%20', 1234567, false],
    ['', null, false],
    ['?pharmacode=', null, true],
    ['?pharmacode=abc', null, true],
    ['?pharmacode=-5', null, true],
    ['?pharmacode=0', null, true],
    ['?pharmacode=1234567890123456', null, true],
  ])('%s -> %s (invalid: %s)', (search, code, invalid) => {
    expect(pharmacodeFromQuery(search)).toBe(code);
    expect(invalidPharmacodeInQuery(search)).toBe(invalid);
  });
});
