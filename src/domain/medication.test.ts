import { describe, expect, it } from 'vitest';
import { medicationName } from './medication.ts';

describe('medication name', () => {
  // spec §3 Medication: dscrd (German name), dscrf (French name)
  it.each([
    ['de', 'Dafalgan Tabl 500 mg', 'Dafalgan cpr 500 mg', 'Dafalgan Tabl 500 mg'],
    ['fr', 'Dafalgan Tabl 500 mg', 'Dafalgan cpr 500 mg', 'Dafalgan cpr 500 mg'],
    ['fr', 'Dafalgan Tabl 500 mg', null, 'Dafalgan Tabl 500 mg'],
    ['fr', 'Dafalgan Tabl 500 mg', '  ', 'Dafalgan Tabl 500 mg'],
  ] as const)('%s: %s / %s -> %s', (language, dscrd, dscrf, name) => {
    expect(medicationName({ dscrd, dscrf }, language)).toBe(name);
  });
});
