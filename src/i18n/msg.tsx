import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { translate, type MessageValues } from './intl';
import { missingTranslation } from './languages';

// The only way components show text: every id comes from lang/*.json, and a missing one
// shows its last segment in quotes (spec §8) instead of the raw key.

type RichValue = ReactNode | ((chunks: ReactNode[]) => ReactNode);

export function Msg({ id, values }: { id: string; values?: Record<string, RichValue> }) {
  const intl = useIntl();
  if (!(id in intl.messages)) return <>{missingTranslation(id)}</>;
  return <>{intl.formatMessage({ id }, values)}</>;
}

/** For attributes and other places that need a plain string. */
export function useMsg(): (id: string, values?: MessageValues) => string {
  const intl = useIntl();
  return (id, values) => translate(intl, id, values);
}
