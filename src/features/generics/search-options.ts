// The search's hits as the combobox lists them (spec §7 search, §9: 7, then 40 more): name in
// the language, pack and price as the detail line, the 150 px picture (front 3D preferred).
import { productPictureUrl } from '../../data/images/product-image';
import type { Language, Medication } from '../../domain/entities';
import { medicationName } from '../../domain/medication';
import type { ComboboxOption } from '../../ui/medication-combobox/medication-combobox';

export function searchOptions(hits: readonly Medication[], language: Language, detail: (m: Medication) => string): ComboboxOption[] {
  return hits.map((m) => ({
    key: String(m.pharmacode),
    name: medicationName(m, language),
    detail: detail(m),
    pictureSrc: productPictureUrl(m.pharmacode, m.pharmindex_images, 150),
  }));
}
