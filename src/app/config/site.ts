// The pharmacy's own facts shown in the shell (spec §2 footer, §9 opening hours, version).
import { LEGAL_LINKS, pharmacySiteUrl as site, type LocalizedUrl } from '../../ui/legal-links';

export const VERSION_LABEL = 'v1.6.1';


type Localized = LocalizedUrl;

/** spec §2: footer links, each with a French variant; the label id is footer.link.<key>. */
export const FOOTER_LINKS: readonly { key: string; href: Localized }[] = [
  { key: 'about', href: site('ueber-uns', 'a-propos') },
  { key: 'faq', href: site('faq', 'faq') },
  { key: 'delivery', href: site('lieferung', 'livraison') },
  { key: 'discounts', href: site('rabatte', 'rabais') },
  { key: 'returns', href: site('ruecksendungen', 'retours') },
  { key: 'charity', href: site('engagement', 'engagement') },
  { key: 'probon', href: site('probon', 'probon') },
  { key: 'vouchers', href: site('gutscheine', 'bons-cadeaux') },
  { key: 'sideEffects', href: site('nebenwirkungen-melden', 'effets-indesirables') },
  { key: 'legal', href: site('rechtliche-hinweise', 'mentions-legales') },
  { key: 'privacy', href: LEGAL_LINKS.privacy },
  { key: 'terms', href: LEGAL_LINKS.terms },
  { key: 'imprint', href: site('impressum', 'impressum') },
];

