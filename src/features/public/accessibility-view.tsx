import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NOTIFICATION_MS, OPENING_HOURS } from '../../domain/constants';
import { Msg } from '../../i18n/msg';
import { PHARMACY } from '../../ui/pharmacy';
import { BARRIER_ANSWER_WORKING_DAYS, STATEMENT_REVIEWED } from './accessibility-statement';
import { PublicHero } from './public-hero';
import { PublicSection } from './public-section';
import { richText } from './rich-text';
import './public.css';

/** What the generated checks hold every route to (tests/e2e/wcag-routes.spec.ts, axe-routes.spec.ts). */
const MEETS = ['reflow', 'largeText', 'spacing', 'contrast', 'motion', 'targets', 'names', 'keyboard'];
/** What the screen-reader journeys check (tests/e2e/a11y-journeys.spec.ts). */
const JOURNEYS = ['headings', 'announce', 'focus'];
const NOT_YET = ['paper', 'qr', 'pictures', 'notices', 'people'];
const TELL = ['page', 'what', 'device', 'assistive'];

function Bullets({ ids, values }: { ids: readonly string[]; values?: Record<string, string | number> }) {
  return (
    <ul className="public-bullets">
      {ids.map((id) => (
        <li key={id}>
          <Msg id={id} values={{ ...richText, ...values }} />
        </li>
      ))}
    </ul>
  );
}

/** One way to reach the pharmacy: what it is, then the way itself. */
function ContactEntry({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <Msg id={labelId} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The statement's review day in the page's language ("29. November 2026", "29 novembre 2026"). */
function ReviewedOn() {
  const intl = useIntl();
  const [year = 0, month = 1, day = 1] = STATEMENT_REVIEWED.split('-').map(Number);
  // a calendar day: formatted in UTC, so no time zone moves it to the day before
  const date = intl.formatDate(new Date(Date.UTC(year, month - 1, day)), { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <p className="public-more">
      <Msg id="public.accessibility.reviewed" values={{ date: <time dateTime={STATEMENT_REVIEWED}>{date}</time> }} />
    </p>
  );
}

/**
 * Route /accessibility (issue 40 item 8): what the app meets, what it does not yet, and how to
 * report a barrier, with the pharmacy's own contact (the footer's).
 */
export default function AccessibilityView() {
  return (
    <div className="public-page">
      <PublicHero headingId="public.accessibility.heading" leadId="public.accessibility.lead" />

      <PublicSection titleId="public.accessibility.meets.title">
        <p>
          <Msg id="public.accessibility.meets.intro" />
        </p>
        <Bullets ids={MEETS.map((key) => `public.accessibility.meets.${key}`)} />
        <p>
          <Msg id="public.accessibility.journeys.intro" />
        </p>
        <Bullets ids={JOURNEYS.map((key) => `public.accessibility.journeys.${key}`)} />
        <p>
          <Msg id="public.accessibility.journeys.keyboard" />
        </p>
      </PublicSection>

      <PublicSection titleId="public.accessibility.notYet.title">
        <p>
          <Msg id="public.accessibility.notYet.intro" />
        </p>
        <Bullets ids={NOT_YET.map((key) => `public.accessibility.notYet.${key}`)} values={{ seconds: NOTIFICATION_MS / 1000 }} />
      </PublicSection>

      <PublicSection titleId="public.accessibility.report.title" className="public-section--callout">
        <p>
          <Msg id="public.accessibility.report.intro" />
        </p>
        <dl className="public-contact">
          <ContactEntry labelId="public.accessibility.report.phone">
            <a className="public-contact__link" href={PHARMACY.phoneHref}>
              {PHARMACY.phone}
            </a>
            <span className="public-contact__note">
              <Msg id="footer.hours" values={{ from: OPENING_HOURS.open, to: OPENING_HOURS.close }} />
            </span>
          </ContactEntry>
          <ContactEntry labelId="public.accessibility.report.email">
            <a className="public-contact__link" href={`mailto:${PHARMACY.email}`}>
              {PHARMACY.email}
            </a>
          </ContactEntry>
        </dl>
        <p>
          <Msg id="public.accessibility.report.tell" />
        </p>
        <Bullets ids={TELL.map((key) => `public.accessibility.report.tell.${key}`)} />
        <p>
          <Msg id="public.accessibility.report.answer" values={{ days: BARRIER_ANSWER_WORKING_DAYS }} />
        </p>
      </PublicSection>

      <ReviewedOn />
    </div>
  );
}
