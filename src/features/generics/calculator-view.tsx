import { useCallback, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useGenericComparison } from '../../data/hooks/use-generic-comparison';
import { useMedicationSearch } from '../../data/hooks/use-medication-search';
import { useOnline } from '../../data/hooks/use-online';
import { paths } from '../../domain/paths';
import type { Pharmacode } from '../../domain/entities';
import { CalculatorScreen } from './calculator-screen';
import { invalidPharmacodeInQuery, pharmacodeFromQuery } from './comparison';
import { ProductInformation } from './product-information';

/**
 * Route /generics/calculator (spec §2, public). The chosen product lives in the address
 * (?pharmacode=), so a comparison can be shared and survives a reload; the search and the
 * comparison come from the network (src/data hooks).
 */
export default function CalculatorView() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const pharmacode = pharmacodeFromQuery(search);
  // the field shows what was typed, or the chosen name; only typing searches (choosing ends the search)
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const results = useMedicationSearch(searched, { generics: true });
  const comparison = useGenericComparison(pharmacode);
  const online = useOnline();

  const onQueryChange = useCallback((text: string) => {
    setQuery(text);
    setSearched(text);
  }, []);
  const onChoose = useCallback(
    (code: Pharmacode, name: string) => {
      setQuery(name);
      setSearched('');
      navigate(paths.genericsCalculator.href({ pharmacode: code }));
    },
    [navigate],
  );

  return (
    <CalculatorScreen
      query={query}
      onQueryChange={onQueryChange}
      search={results}
      onChoose={onChoose}
      invalidPharmacode={invalidPharmacodeInQuery(search)}
      comparison={comparison}
      onRetry={comparison.retry}
      online={online}
      infoFor={(product) => <ProductInformation {...product} />}
    />
  );
}
