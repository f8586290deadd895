import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import type { AddressSummary, InsuranceSummary, QuestionnaireSummary, Setting } from './finish-summary';
import { SETTINGS } from './finish-summary';
import type { FinishLine } from './select-rows';

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** One part of the summary: its heading and the link to the step that edits it. */
export function SummarySection({ titleId, href, children }: { titleId: string; href: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="finish-section" aria-labelledby={headingId}>
      <div className="finish-section__head">
        <h2 id={headingId} className="finish-section__title">
          <Msg id={titleId} />
        </h2>
        <Link href={href} className="finish-section__edit">
          <Msg id="order.finish.edit" values={{ what: <Msg id={titleId} />, hidden }} />
        </Link>
      </div>
      {children}
    </section>
  );
}

export function ProductLines({ lines }: { lines: readonly FinishLine[] }) {
  return (
    <ul className="finish-products">
      {lines.map((l) => (
        <li key={l.pharmacode}>
          <Msg id="orders.item.line" values={{ amount: l.amount, name: l.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: String(l.pharmacode) }} /> }} />
        </li>
      ))}
    </ul>
  );
}

export function AddressLines({ summary }: { summary: AddressSummary }) {
  const a = summary.address;
  if (!a) {
    return (
      <p className="finish-missing">
        <Msg id="order.finish.addressMissing" />
      </p>
    );
  }
  return (
    <>
      <address className="finish-address">
        {a.street} {a.street_nr}
        {a.address2 ? (
          <>
            <br />
            {a.address2}
          </>
        ) : null}
        <br />
        {a.zip} {a.city}
      </address>
      <p className="finish-note">
        <Msg id={summary.forThisOrder ? 'order.finish.addressOwn' : 'order.finish.addressProfile'} />
      </p>
    </>
  );
}

function Fact({ termId, children }: { termId: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <Msg id={termId} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

const listOrNone = (ids: readonly string[], other: string | null) =>
  ids.length === 0 && !other ? <Msg id="order.finish.none" /> : [...ids.map((id) => <Msg key={id} id={id} />), ...(other ? [other] : [])].flatMap((x, i) => (i ? [', ', x] : [x]));

export function QuestionnaireFacts({ summary }: { summary: QuestionnaireSummary | null }) {
  const intl = useIntl();
  if (!summary) return <p className="finish-missing"><Msg id="order.finish.missing" /></p>;
  const n = (v: number | null) => (v === null ? '–' : intl.formatNumber(v, { maximumFractionDigits: 1 }));
  return (
    <dl className="finish-facts">
      <Fact termId="profile.questionnaire.weight">{n(summary.weight)}</Fact>
      <Fact termId="profile.questionnaire.size">{n(summary.size)}</Fact>
      {summary.bmi !== null ? <Fact termId="order.finish.bmi">{n(summary.bmi)}</Fact> : null}
      <Fact termId="profile.questionnaire.diagnoses">{listOrNone(summary.diagnoses, summary.otherDiagnoses)}</Fact>
      <Fact termId="profile.questionnaire.allergies">{listOrNone(summary.allergies, summary.otherAllergies)}</Fact>
      <Fact termId="order.finish.medications">
        <Msg id="order.finish.medicationCount" values={{ count: summary.medications }} />
      </Fact>
    </dl>
  );
}

export function InsuranceFacts({ summary }: { summary: InsuranceSummary | null }) {
  if (!summary) return <p className="finish-missing"><Msg id="order.finish.missing" /></p>;
  return (
    <dl className="finish-facts">
      <Fact termId="profile.insurance.insurer">{summary.name ?? '–'}</Fact>
      <Fact termId="profile.insurance.cardNumber">{summary.number ?? '–'}</Fact>
      <Fact termId="order.finish.additionalInsurance">
        {summary.additionalName ? `${summary.additionalName}${summary.additionalNumber ? ` (${summary.additionalNumber})` : ''}` : <Msg id="order.finish.none" />}
      </Fact>
    </dl>
  );
}

export function SettingsFacts({ settings }: { settings: Record<Setting, boolean> }) {
  return (
    <dl className="finish-facts finish-facts--settings">
      {SETTINGS.map((s) => (
        <Fact key={s} termId={`order.finish.setting.${s}`}>
          {/* generics, substitutes, probons: allowed or not (spec §2); the invoice: yes or no */}
          <Msg id={s === 'get_invoice' ? (settings[s] ? 'order.finish.yes' : 'order.finish.no') : settings[s] ? 'order.finish.allowed' : 'order.finish.notAllowed'} />
        </Fact>
      ))}
    </dl>
  );
}
