import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { GenericComparison } from '../../data/hooks/use-generic-comparison';
import type { MedicationSearchState } from '../../data/hooks/use-medication-search';
import { DEDUCTIBLE_GENERIC, DEDUCTIBLE_ORIGINAL, SEARCH_MIN_CHARS } from '../../domain/constants';
import type { Pharmacode } from '../../domain/entities';
import { paths } from '../../domain/paths';
import { Msg, useMsg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { MedicationCombobox, type ComboboxOption } from '../../ui/medication-combobox/medication-combobox';
import { usePackUnit } from '../../ui/use-pack-unit';
import { comparisonOutcome, type Outcome } from './comparison';
import { ComparisonResult, OUTCOME_MESSAGE } from './comparison-result';
import { searchOptions } from './search-options';
import { useFormats } from './use-formats';
import './calculator.css';

export interface CalculatorScreenProps {
  /** the text in the search field */
  query: string;
  onQueryChange: (query: string) => void;
  /** useMedicationSearch(…, { generics: true }) */
  search: Pick<MedicationSearchState, 'status' | 'hits' | 'more' | 'loadingMore'> & { loadMore: () => void };
  /** a product was chosen: the screen puts it in the address */
  onChoose: (pharmacode: Pharmacode, name: string) => void;
  /** ?pharmacode= held something that is no pharmacode */
  invalidPharmacode: boolean;
  comparison: GenericComparison;
  onRetry: () => void;
  online: boolean;
  infoFor?: (product: { prdno: number | null; name: string; pictureSrc: string }) => ReactNode;
}

/** A short text for the screen reader when a comparison arrives: its message, or how many generics. */
function announcement(outcome: Outcome | null, loading: boolean, t: ReturnType<typeof useMsg>): string {
  if (loading) return t('generics.loading');
  if (!outcome || outcome.kind === 'offline') return '';
  if (outcome.kind !== 'list') return t(OUTCOME_MESSAGE[outcome.kind]);
  return t('generics.alternatives.count', { count: outcome.alternatives.length });
}

/**
 * /generics/calculator (spec §2, §7, §8, §9) with its data given: the search (an ARIA
 * combobox of the generics variant), the comparison of the product in the address, the
 * deductible explanation. Offline it says once, at the top, that it needs the network.
 */
export function CalculatorScreen(props: CalculatorScreenProps) {
  const { query, onQueryChange, search, onChoose, invalidPharmacode, comparison, onRetry, online, infoFor } = props;
  const t = useMsg();
  const f = useFormats();
  const packUnit = usePackUnit();
  const language = useIntlLanguage();
  const outcome = useMemo<Outcome | null>(
    () => (invalidPharmacode ? { kind: 'notOnList', original: null, alternatives: [], bestSavingsPercent: null } : comparisonOutcome(comparison, language)),
    [invalidPharmacode, comparison, language],
  );
  const options = useMemo(
    () =>
      searchOptions(search.hits, language, (m) =>
        [m.qty !== null ? t('generics.pack', { count: m.qty, unit: packUnit(m.qtyu) ?? '' }) : null, m.pharmindex_prices ? f.money(m.pharmindex_prices.price) : null].filter(Boolean).join(', '),
      ),
    // t, f and packUnit follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search.hits, language],
  );
  const byKey = (option: ComboboxOption) => onChoose(Number(option.key), option.name);
  const offline = !online || outcome?.kind === 'offline';
  const loading = !invalidPharmacode && comparison.status === 'loading';

  return (
    <section className="page calc-page" aria-labelledby="calc-title">
      <h1 id="calc-title">
        <Msg id="title.genericsCalculator" />
      </h1>
      <p className="calc-lead">
        <Msg id="generics.lead" />
      </p>
      {offline ? (
        <p className="notice notice--info calc-offline">
          <Msg id="generics.message.offline" />
        </p>
      ) : null}
      <MedicationCombobox
        value={query}
        onChange={onQueryChange}
        options={options}
        status={search.status}
        more={search.more}
        loadingMore={search.loadingMore}
        onLoadMore={search.loadMore}
        onChoose={byKey}
        labelId="generics.search.label"
        minChars={SEARCH_MIN_CHARS}
      />
      <p className="visually-hidden" role="status">
        {announcement(outcome, loading, t)}
      </p>
      {loading ? (
        <p className="calc-loading" aria-hidden="true">
          <Msg id="generics.loading" />
        </p>
      ) : outcome ? (
        <ComparisonResult outcome={outcome} onRetry={onRetry} infoFor={infoFor} />
      ) : null}
      <section className="calc-deductible" aria-labelledby="calc-deductible">
        <h2 id="calc-deductible">
          <Msg id="generics.deductible.title" values={{ generic: f.percent(DEDUCTIBLE_GENERIC), original: f.percent(DEDUCTIBLE_ORIGINAL) }} />
        </h2>
        <p>
          <Msg id="generics.deductible.text" values={{ generic: f.percent(DEDUCTIBLE_GENERIC), original: f.percent(DEDUCTIBLE_ORIGINAL) }} />
        </p>
        {outcome?.original && Number(outcome.original.sloplus) === 1 ? (
          <p className="calc-deductible__this">
            <Msg id="generics.deductible.thisOriginal" values={{ generic: f.percent(DEDUCTIBLE_GENERIC), original: f.percent(DEDUCTIBLE_ORIGINAL) }} />
          </p>
        ) : null}
        <p>
          <Link href={paths.generics.href()}>
            <Msg id="generics.learnMore" />
          </Link>
        </p>
      </section>
    </section>
  );
}
