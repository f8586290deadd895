// How to reach the pharmacy's support (spec §3: personal data can be changed only through
// support once a profile exists). The same facts as the footer's (src/app/config/site.ts
// PHARMACY), which features may not import; keep both in step until they move to src/ui.
export const SUPPORT_CONTACT = {
  email: 'rezepte@rezeptpost.ch',
  phone: '052 555 12 34',
  phoneHref: 'tel:+41525551234',
} as const;
