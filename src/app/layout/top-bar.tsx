import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { buildEnv } from '../../data/build-env';
import { DisruptionBanner } from './disruption-banner';
import { PersonBar } from './person-bar';
import { LanguageSwitch } from './language-switch';
import type { Lang } from '../../i18n/languages';
import { useSessionView } from '../session-context';
import { storeLanguage } from './store-language';
import { paths } from '../../domain/paths';

const saveChoice = (lang: Lang) => void storeLanguage(lang);

/**
 * The pharmacy's mark (the same drawing as public/favicon.svg), drawn in the page: as an
 * <img>, an SVG file becomes a document of its own that the browser builds on the main thread
 * before the first paint. Decorative: the brand's name follows it.
 */
function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b6e4f" />
      <path d="M26 12h12v14h14v12H38v14H26V38H12V26h14z" fill="#fff" />
    </svg>
  );
}

/** `onLanguageChange` replaces the default: signed in, the choice is also stored with the account (spec §1). */
export function TopBar({ onLanguageChange }: { onLanguageChange?: (lang: Lang) => void }) {
  const { session } = useSessionView();
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link href={paths.home.href()} className="brand">
          <BrandMark />
          <span className="brand__name">
            <Msg id="app.brand" />
          </span>
        </Link>
        <LanguageSwitch onChange={onLanguageChange ?? (session.status === 'signedIn' ? saveChoice : undefined)} />
      </div>
      <PersonBar />
      <DisruptionBanner url={buildEnv.disruptionUrl} />
    </header>
  );
}
