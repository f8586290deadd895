// The partner locations of send method espace (spec §9: 7 practices and 3 pharmacies). Ids
// are those the app stores in webshop_customer_additional_info.prescription_location (the
// same list as ESPACE_PARTNERS in src/domain/constants.ts; a test keeps them equal).
// Names and addresses are fictional; mail goes to the pharmacy's own domain.

export type PartnerType = 'practice' | 'pharmacy';

export interface PartnerLocation {
  id: string;
  type: PartnerType;
  name: string;
  city: string;
  email: string;
  /** language of the mail to this partner */
  language: 'de' | 'fr';
}

const partner = (id: string, type: PartnerType, name: string, city: string, language: 'de' | 'fr'): PartnerLocation => ({
  id,
  type,
  name,
  city,
  email: `partner-${id}@rezeptpost.ch`,
  language,
});

export const PARTNER_LOCATIONS: readonly PartnerLocation[] = [
  partner('gz-aarepark', 'practice', 'Gesundheitszentrum Aarepark', 'Bern', 'de'),
  partner('praxis-limmatquai', 'practice', 'Praxis am Limmatquai', 'Zürich', 'de'),
  partner('cm-leman', 'practice', 'Centre médical du Léman', 'Lausanne', 'fr'),
  partner('az-rheinsprung', 'practice', 'Ärztezentrum Rheinsprung', 'Basel', 'de'),
  partner('hp-pilatusblick', 'practice', 'Hausarztpraxis Pilatusblick', 'Luzern', 'de'),
  partner('cm-vignes', 'practice', 'Cabinet médical des Vignes', 'Neuchâtel', 'fr'),
  partner('mz-saentis', 'practice', 'Medizinisches Zentrum Säntis', 'St. Gallen', 'de'),
  partner('apo-zytglogge', 'pharmacy', 'Apotheke Zytglogge', 'Bern', 'de'),
  partner('ph-riponne', 'pharmacy', 'Pharmacie de la Riponne', 'Lausanne', 'fr'),
  partner('apo-rosenberg', 'pharmacy', 'Apotheke Rosenberg', 'Winterthur', 'de'),
];

export function partnerById(id: string): PartnerLocation | null {
  return PARTNER_LOCATIONS.find((p) => p.id === id) ?? null;
}

/** Where announcements of prescriptions sent by post or by the doctor's e-mail go. */
export const PRESCRIPTION_DESK = { email: 'rezepte@rezeptpost.ch', language: 'de' as const };
