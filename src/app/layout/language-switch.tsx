import { useLanguage } from '../../i18n/i18n-provider';
import { languageStore } from '../../i18n/language-store';
import { LANGUAGES, type Lang } from '../../i18n/languages';
import { Msg, useMsg } from '../../i18n/msg';
import { notify } from '../../ui/notifications/notification-store';

/** The De/Fr switch (spec §1). onChange lets the signed-in shell also store the choice. */
export function LanguageSwitch({ onChange }: { onChange?: (lang: Lang) => void }) {
  const current = useLanguage();
  const msg = useMsg();
  const choose = (lang: Lang) => {
    if (lang === current) return;
    languageStore.set(lang);
    onChange?.(lang);
    notify('info', 'language.changed', { language: lang });
  };
  return (
    <div className="language-switch" role="group" aria-label={msg('language.switch')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="language-switch__button"
          aria-pressed={lang === current}
          onClick={() => choose(lang)}
        >
          <span aria-hidden="true">
            <Msg id={`language.short.${lang}`} />
          </span>
          <span className="visually-hidden">
            <Msg id={`language.name.${lang}`} />
          </span>
        </button>
      ))}
    </div>
  );
}
