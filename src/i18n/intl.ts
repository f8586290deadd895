// react-intl for components and @formatjs/intl outside React share one configuration.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Catalogue } from './catalogues';
import { missingTranslation, type Lang } from './languages';

const cache = createIntlCache();

/** Missing keys are handled by translate() (spec §8); other formatting errors are logged. */
export function onIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}

export function makeIntl(lang: Lang, messages: Catalogue): IntlShape<string> {
  return createIntl({ locale: `${lang}-CH`, messages, onError: onIntlError }, cache);
}

export type MessageValues = Record<string, unknown>;

/** A message in the current language, or the last key segment in quotes when missing. */
export function translate(intl: Pick<IntlShape<string>, 'messages' | 'formatMessage'>, id: string, values?: MessageValues): string {
  if (!(id in intl.messages)) return missingTranslation(id);
  return String(intl.formatMessage({ id }, values as Record<string, string>));
}
