import { useEffect } from 'react';
import { useMsg } from '../i18n/msg';

/** spec §1/§2: "Prescription platform - {page title}" in the current language. */
export function usePageTitle(titleId: string): void {
  const msg = useMsg();
  const title = msg('app.titlePattern', { title: msg(titleId) });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
