// The pharmacy's own facts (spec §2 footer; §3: personal data is changed through its support).
// In ui/ because the shell's footer and the features' support notes both show them.
export const PHARMACY = {
  name: 'Rezeptpost Apotheke AG',
  street: 'Bahnhofstrasse 21',
  zipCity: '8500 Frauenfeld',
  email: 'rezepte@rezeptpost.ch',
  phone: '052 555 12 34',
  phoneHref: 'tel:+41525551234',
} as const;
