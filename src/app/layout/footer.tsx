import { Link } from 'wouter';
import { OPENING_HOURS } from '../../domain/constants';
import { paths } from '../../domain/paths';
import { useLanguage } from '../../i18n/i18n-provider';
import { Msg } from '../../i18n/msg';
import { FOOTER_LINKS, VERSION_LABEL } from '../config/site';
import { PHARMACY } from '../../ui/pharmacy';
import { useDisclosure } from '../../ui/use-disclosure';
import { useSlices } from '../../ui/use-slices';

/**
 * spec §2 footer: external pages (German or French target), address, contact, hours, version;
 * and the app's accessibility statement (issue 40 item 8).
 * On a phone the pages are one tap away behind a button in place of their heading (issue 38: a
 * short page); from 431 px the heading and the list stand as they are (styles.css). The footer is
 * in no prerendered document: it comes once the screen has shown all its parts (FooterAfterScreen in app.tsx).
 * The pages' links come a frame after the contact (use-slices.ts): the whole footer in one commit
 * was a rendering task of 36–54 ms at 4× CPU after a returning patient's dashboard. It stands
 * below a screen-high main, so the part that comes later moves nothing in sight.
 */
export function Footer() {
  const lang = useLanguage();
  const links = useDisclosure('footer-links-list');
  const parts = useSlices(2, { first: 1, perFrame: 1 });
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
            <Msg id="footer.hours" values={{ from: OPENING_HOURS.open, to: OPENING_HOURS.close }} />
          </p>
        </section>
        {parts < 2 ? null : (
          <section className="footer__links" aria-labelledby="footer-links">
            <h2 id="footer-links" className="footer__heading footer__heading--wide">
              <Msg id="footer.information" />
            </h2>
            <button type="button" className="footer__toggle" {...links.button}>
              <Msg id="footer.information" />
            </button>
            <ul {...links.panel}>
              {/* issue 40 item 8: the app's own page, in the language shown */}
              <li>
                <Link href={paths.accessibility.href()}>
                  <Msg id="footer.link.accessibility" />
                </Link>
              </li>
              {FOOTER_LINKS.map((link) => (
                <li key={link.key}>
                  <a href={link.href[lang]} hrefLang={lang} rel="noopener">
                    <Msg id={`footer.link.${link.key}`} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <p className="footer__version">
        <Msg id="footer.version" values={{ version: VERSION_LABEL }} />
      </p>
    </footer>
  );
}
