import { describe, expect, it } from 'vitest';
import type { InsuranceRead } from './entities.ts';
import { insurerList, readInsurance, toInsuranceSave } from './insurance.ts';

const read: InsuranceRead = {
  id: 3,
  customer_id: 'c',
  insurance_name: 'Helvetia Kranken',
  insurance_nr: '80756000000000000001',
  insurance_police_nr: 'P-1',
  voluntary_insurance_name: null,
  voluntary_insurance_nr: null,
};

describe('insurance forms', () => {
  // spec §3 Insurance: save form and read form denote the same fields
  it('converts read -> save -> read', () => {
    const save = toInsuranceSave(read, 'c');
    expect(save).toEqual({
      customer_id: 'c',
      insurance: 'Helvetia Kranken',
      veka_nr: '80756000000000000001',
      police_nr: 'P-1',
      additional_insurance: null,
      additional_insurance_nr: null,
    });
    expect(readInsurance({ ...save, id: 3 })).toEqual(read);
    expect(readInsurance(read)).toBe(read);
  });

  // spec §7 Select pharmindex_insurance field descr1; the list is deduplicated and sorted
  it.each([
    [[], []],
    [['Sanitas', 'Atupri', 'Sanitas', ' ', null], ['Atupri', 'Sanitas']],
    [['ÖKK', 'Visana', 'Assura'], ['Assura', 'ÖKK', 'Visana']],
  ])('%j -> %j', (names, list) => {
    expect(insurerList(names)).toEqual(list);
  });
});
