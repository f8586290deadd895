// Limits of spec §9 used by the form schemas (and by the UI to show them).
export const limits = {
  passwordMin: 8,
  codeLength: 6,
  cardLength: 20,
  cardPrefix: '8075',
  zipLength: 4,
  contactNameMin: 3,
  sendAllDescriptionMin: 3,
  amountMin: 1,
  amountMax: 99,
  singleUseAmountMax: 1,
  // Not in the spec: plausibility ranges chosen here (kg, cm).
  weightKg: { min: 1, max: 400 },
  sizeCm: { min: 30, max: 250 },
  // Not in the spec: earliest birthday accepted.
  birthdayMin: '1900-01-01',
} as const;
