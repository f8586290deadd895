import { useIntl } from 'react-intl';

/** Money in CHF and percentages with Intl in the UI language (de-CH / fr-CH). */
export function useFormats() {
  const intl = useIntl();
  return {
    money: (francs: number) => intl.formatNumber(francs, { style: 'currency', currency: 'CHF' }),
    cents: (cents: number) => intl.formatNumber(cents / 100, { style: 'currency', currency: 'CHF', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    percent: (whole: number) => intl.formatNumber(whole / 100, { style: 'percent', maximumFractionDigits: 0 }),
  };
}
