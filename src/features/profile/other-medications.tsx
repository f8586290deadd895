import { useMemo, useState } from 'react';
import { productPictureUrl } from '../../data/images/product-image';
import { useMedicationSearch } from '../../data/hooks/use-medication-search';
import { useMedications } from '../../data/hooks/use-medications';
import { codesOf } from '../../data/local/mirror-query';
import type { Medication, Pharmacode } from '../../domain/entities';
import { medicationName } from '../../domain/medication';
import { useLanguage } from '../../i18n/i18n-provider';
import { useMsg } from '../../i18n/msg';
import { MedicationPicker, type PickerItem } from '../../ui/medication-picker';
import { usePackUnit } from '../../ui/use-pack-unit';

/** A catalogue row as the picker shows it, in the language (the pack's unit too: "30 pce"). */
function pickerItem(med: Medication, lang: 'de' | 'fr', packUnit: (qtyu: string | null) => string | null): PickerItem {
  const unit = packUnit(med.qtyu);
  return {
    pharmacode: med.pharmacode,
    name: medicationName(med, lang),
    pack: med.qty && unit ? `${med.qty} ${unit}` : null,
    picture: productPictureUrl(med.pharmacode, med.pharmindex_images, 150),
  };
}

/**
 * The questionnaire's other current medications (spec §3 external_medications): the chosen ones
 * named from the mirror (the pull stores their details) or from the search that found them, and
 * the search to add more — it needs the network; the rest of the form works offline.
 */
export function OtherMedications({ chosen, onChange }: { chosen: readonly Pharmacode[]; onChange: (next: readonly Pharmacode[]) => void }) {
  const lang = useLanguage();
  const t = useMsg();
  const packUnit = usePackUnit();
  const [query, setQuery] = useState('');
  const search = useMedicationSearch(query);
  const [found, setFound] = useState<ReadonlyMap<Pharmacode, Medication>>(new Map());
  const mirrored = useMedications(useMemo(() => codesOf(chosen), [chosen]));
  const chosenItems = useMemo(
    () =>
      chosen.map((code) => {
        const med = found.get(code) ?? mirrored?.get(code);
        return med ? pickerItem(med, lang, packUnit) : { pharmacode: code, name: t('prescriptions.medicationFallback', { pharmacode: String(code) }), pack: null, picture: productPictureUrl(code, null, 150) };
      }),
    [chosen, found, mirrored, lang, t, packUnit],
  );
  const hits = useMemo(() => search.hits.map((m) => pickerItem(m, lang, packUnit)), [search.hits, lang, packUnit]);
  return (
    <MedicationPicker
      query={query}
      onQueryChange={setQuery}
      status={search.status}
      hits={hits}
      more={search.more}
      loadingMore={search.loadingMore}
      onMore={search.loadMore}
      chosen={chosenItems}
      onAdd={(item) => {
        const med = search.hits.find((m) => m.pharmacode === item.pharmacode);
        if (med) setFound((m) => new Map(m).set(med.pharmacode, med));
        onChange([...chosen, item.pharmacode]);
      }}
      onRemove={(code) => onChange(chosen.filter((c) => c !== code))}
    />
  );
}
