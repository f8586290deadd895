import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { env } from '../config/env';
import { DisruptionBanner } from './disruption-banner';
import { LanguageSwitch } from './language-switch';
import type { Lang } from '../../i18n/languages';
import { useSessionView } from '../session-context';
import { storeLanguage } from './store-language';
import { paths } from '../../domain/paths';

const saveChoice = (lang: Lang) => void storeLanguage(lang);

/** `onLanguageChange` replaces the default: signed in, the choice is also stored with the account (spec §1). */
export function TopBar({ onLanguageChange }: { onLanguageChange?: (lang: Lang) => void }) {
  const { session } = useSessionView();
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link href={paths.home.href()} className="brand">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span className="brand__name">
            <Msg id="app.brand" />
          </span>
        </Link>
        <LanguageSwitch onChange={onLanguageChange ?? (session.status === 'signedIn' ? saveChoice : undefined)} />
      </div>
      <DisruptionBanner url={env.VITE_DISRUPTION_URL} />
    </header>
  );
}
