// Pages of the pharmacy's own site that more than the footer links to: the registration's
// terms-and-privacy checkbox (features/auth) and the footer (app/config/site.ts) read the
// same addresses from here. Each page has a French variant (spec §2 footer).
import type { Lang } from '../i18n/languages';

export type LocalizedUrl = Readonly<Record<Lang, string>>;

/** A page of www.rezeptpost.ch: German path, French path. */
export const pharmacySiteUrl = (de: string, fr: string): LocalizedUrl => ({
  de: `https://www.rezeptpost.ch/${de}`,
  fr: `https://www.rezeptpost.ch/fr/${fr}`,
});

export const LEGAL_LINKS = {
  terms: pharmacySiteUrl('agb', 'cgv'),
  privacy: pharmacySiteUrl('datenschutz', 'protection-des-donnees'),
} as const satisfies Record<string, LocalizedUrl>;

/** The pharmacy's drugstore web shop (a separate account, spec §1), offered by the order start (spec §2 /order). */
export const SHOP_URL: LocalizedUrl = { de: 'https://shop.rezeptpost.ch/de', fr: 'https://shop.rezeptpost.ch/fr' };
