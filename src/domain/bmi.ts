// The body-mass index on its own (no form rules): the mirror derives it as the server's generated
// column does (src/data/tables/customer-record.ts), without loading the questionnaire's schema.

/** Body-mass index, kg / m², one decimal; null when the size is not positive. */
export function bmi(weightKg: number, sizeCm: number): number | null {
  if (!(sizeCm > 0) || !Number.isFinite(weightKg)) return null;
  const metres = sizeCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}
