import { useIntl } from 'react-intl';
import type { Lang } from './languages';

/** The language of the catalogue in use ('fr-CH' gives fr): the one the texts on screen are in. */
export function useIntlLanguage(): Lang {
  return useIntl().locale.startsWith('fr') ? 'fr' : 'de';
}
