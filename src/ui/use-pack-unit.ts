import { useMsg } from '../i18n/msg';

/**
 * A pack unit of the catalogue (`qtyu`: German abbreviations, "Stk", "Tabl") in the language
 * shown ("pce", "cpr" in French, as the catalogue's French names write them; issue 38); one it
 * does not know as the catalogue gives it. Null for none.
 */
export function usePackUnit(): (qtyu: string | null | undefined) => string | null {
  const t = useMsg();
  return (qtyu) => {
    const unit = qtyu?.trim().replace(/\.$/, '');
    return unit ? t('unit.pack', { unit }) : null;
  };
}
