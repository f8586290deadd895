// Issue 27: every reason a scanned code is refused, and every kind of medicament code, has its
// words in both catalogues (the ids are built from the codes, so the literal-id check of
// tests/unit/catalogues.test.ts cannot see them). The records below list each union in full:
// the compiler refuses a missing or an unknown member.
import { describe, expect, it } from 'vitest';
import de from '../../../../../lang/de.json';
import fr from '../../../../../lang/fr.json';
import type { MedicamentIdType } from '../../../../domain/emediplan/e-prescription-summary';
import type { ReadRefusal } from './eprescription-panel';

const REFUSALS: Record<ReadRefusal, true> = {
  not_chmed: true,
  unsupported_version: true,
  bad_base64: true,
  bad_gzip: true,
  too_large: true,
  bad_json: true,
  mojibake: true,
  bad_document: true,
  missing_part: true,
  duplicate_part: true,
  mixed_parts: true,
  'not_a_prescription.plan': true,
  'not_a_prescription.polymedication_check': true,
  'not_a_prescription.link': true,
  'not_a_prescription.text': true,
  future: true,
  too_old: true,
  undated: true,
  no_qr: true,
  empty: true,
  camera_denied: true,
  camera_unavailable: true,
};

const ID_TYPES: Record<MedicamentIdType, true> = { free_text: true, gtin: true, pharmacode: true, product_number: true, unknown: true };

const ids = [
  ...Object.keys(REFUSALS).map((r) => `ePrescription.refused.${r}`),
  ...Object.keys(ID_TYPES).map((t) => `ePrescription.med.unknown.${t}`),
  ...Object.keys(ID_TYPES)
    .filter((t) => t !== 'free_text')
    .map((t) => `ePrescription.med.code.${t}`),
];

describe('e-prescription message ids', () => {
  it.each(ids)('%s is in de and fr', (id) => {
    expect(de).toHaveProperty([id]);
    expect(fr).toHaveProperty([id]);
  });
});
