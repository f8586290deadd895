import { useLanguage } from '../../i18n/i18n-provider';
import { Msg } from '../../i18n/msg';
import { FOOTER_LINKS, VERSION_LABEL } from '../config/site';
import { PHARMACY } from '../../ui/pharmacy';

/** spec §2 footer: external pages (German or French target), address, contact, hours, version. */
export function Footer() {
  const lang = useLanguage();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section className="footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer__heading">
            <Msg id="footer.contact" />
          </h2>
          <address>
            {PHARMACY.name}
            <br />
            {/* one line, the reachable parts side by side where they fit: a short footer on a phone (issue 38) */}
            {PHARMACY.street}, {PHARMACY.zipCity}
            <span className="footer__reach">
              <a href={`mailto:${PHARMACY.email}`}>{PHARMACY.email}</a> <a href={PHARMACY.phoneHref}>{PHARMACY.phone}</a>
            </span>
          </address>
          <p>
            <Msg id="footer.hours" values={{ from: '08:00', to: '17:00' }} />
          </p>
        </section>
        <section className="footer__links" aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer__heading">
            <Msg id="footer.information" />
          </h2>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <a href={link.href[lang]} hrefLang={lang} rel="noopener">
                  <Msg id={`footer.link.${link.key}`} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer__version">
        <Msg id="footer.version" values={{ version: VERSION_LABEL }} />
      </p>
    </footer>
  );
}
