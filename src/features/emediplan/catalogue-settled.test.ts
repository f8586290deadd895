// The eMediplan waits for the prescribed products right after a sign-in (a code without their
// units would be shown and then replaced): catalogueSettled.
import { describe, expect, it } from 'vitest';
import { catalogueSettled } from './use-emediplan';

const load = (pulledAt: number | null, error: 'network' | 'failed' | null = null) => ({ pulledAt, error });
const known = new Map([[1001, {}]]);

describe('catalogueSettled', () => {
  it.each([
    ['every product in the mirror', [1001], known, load(200), load(100), true],
    ['no prescription', [], new Map(), load(200), load(null), true],
    ['prescriptions pulled, their products not yet (a first sign-in)', [1001, 1002], known, load(200), load(null), false],
    ['prescriptions newer than the last pull of the products', [1001, 1002], known, load(200), load(100), false],
    ['the products pulled after them: an unknown one stays unknown', [1001, 1002], known, load(200), load(250), true],
    ['the products could not be pulled (offline): the plan without them', [1001, 1002], known, load(200), load(100, 'network'), true],
    ['the pull states not read yet', [1002], known, undefined, undefined, false],
  ] as const)('%s', (_, codes, map, customer, products, settled) => {
    expect(catalogueSettled(codes, map, customer, products)).toBe(settled);
  });
});
