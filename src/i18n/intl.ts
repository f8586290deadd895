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

/**
 * The first use of Intl loads the browser's locale data, and react-intl's provider checks the
 * locale's support on creation: tens of milliseconds on a phone. Done while the first view's
 * files are still on their way (main.tsx), that time is not spent in the first render.
 */
export function warmUpIntl(lang: Lang): void {
  const locale = `${lang}-CH`;
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  new Intl.PluralRules(locale).select(1);
}
