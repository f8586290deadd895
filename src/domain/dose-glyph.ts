// A dose in the fewest characters: the printed eMediplan's columns and the dashboard's dose badges.

/** The standard's numbers for divisibility (½, ⅓, ¼, ⅔, ¾, ⅛), as their one glyph. */
const FRACTIONS: readonly [number, string][] = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

/**
 * A dose as the printed plan writes it: whole numbers as they are, a fraction of the standard's
 * list as its glyph (1.5 → "1½", 0.33 → "⅓": two decimals are as close as a plan writes a
 * third); null for any other number, which the caller writes in the language's format.
 */
export function doseGlyph(dose: number): string | null {
  if (!Number.isFinite(dose) || dose < 0) return null;
  const whole = Math.floor(dose + 1e-9);
  const rest = dose - whole;
  if (rest < 1e-9) return String(whole);
  const glyph = FRACTIONS.find(([value]) => Math.abs(rest - value) < 0.005)?.[1];
  if (glyph === undefined) return null;
  return whole === 0 ? glyph : `${whole}${glyph}`;
}

/**
 * The dose of one intake as a badge beside the medication's name: whole numbers as "1×", "2×",
 * a fraction as its glyph ("½", "1½"); null for any other number (the caller writes it in the
 * language's format). The badge is drawn only: the units stand in words beside it for
 * assistive technology.
 */
export function doseBadge(dose: number): string | null {
  const glyph = doseGlyph(dose);
  if (glyph === null) return null;
  return /^\d+$/.test(glyph) ? `${glyph}×` : glyph;
}
