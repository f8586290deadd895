import { useId, type ReactNode } from 'react';
import { productPictureUrl } from '../../data/images/product-image';
import { Msg } from '../../i18n/msg';
import type { AlternativeRow, Outcome, OutcomeKind } from './comparison';
import { ProductFacts, RowPicture } from './product-facts';
import { useFormats } from './use-formats';

/** The §8 message of each outcome but the list (offline is said once, at the top of the screen). */
export const OUTCOME_MESSAGE: Readonly<Record<Exclude<OutcomeKind, 'list'>, string>> = {
  isGeneric: 'generics.message.isGeneric',
  sloplus2: 'generics.message.sloplus2',
  otherError: 'generics.message.otherError',
  unknownFailure: 'generics.message.unknownFailure',
  empty: 'generics.message.empty',
  notOnList: 'generics.message.notOnList',
  offline: 'generics.message.offline',
};

export interface ComparisonResultProps {
  outcome: Outcome;
  onRetry: () => void;
  /** the patient information button of the chosen product */
  infoFor?: (product: { prdno: number | null; name: string; pictureSrc: string }) => ReactNode;
}

/** The chosen product, then its cheaper generics by unit price with their savings, or the §8 message. */
export function ComparisonResult({ outcome, onRetry, infoFor }: ComparisonResultProps) {
  const f = useFormats();
  const headingId = useId();
  const { original } = outcome;
  return (
    <div className="calc-result">
      {original ? (
        <section className="calc-original" aria-labelledby={`${headingId}-original`}>
          <h2 id={`${headingId}-original`}>
            <Msg id="generics.original.heading" />
          </h2>
          <div className="calc-card calc-card--original">
            <RowPicture row={original} size={500} />
            <div className="calc-card__body">
              <h3 className="calc-card__name">{original.name}</h3>
              <ProductFacts row={original}>
                <div>
                  <dt>
                    <Msg id="generics.fact.deductible" />
                  </dt>
                  <dd>{f.percent(original.deductiblePercent)}</dd>
                </div>
              </ProductFacts>
              {infoFor?.({ prdno: original.prdno, name: original.name, pictureSrc: productPictureUrl(original.pharmacode, original.pictures, 500) })}
            </div>
          </div>
        </section>
      ) : null}
      {outcome.kind === 'list' ? (
        <AlternativeList outcome={outcome} headingId={headingId} />
      ) : outcome.kind === 'offline' ? null : (
        <div className={`notice notice--info calc-message calc-message--${outcome.kind}`}>
          <p>
            <Msg id={OUTCOME_MESSAGE[outcome.kind]} />
          </p>
          {outcome.kind === 'unknownFailure' ? (
            <button type="button" className="button button--secondary" onClick={onRetry}>
              <Msg id="generics.retry" />
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}

function AlternativeList({ outcome, headingId }: { outcome: Outcome; headingId: string }) {
  const f = useFormats();
  const unit = outcome.original?.unit ?? '';
  return (
    <section className="calc-alternatives" aria-labelledby={`${headingId}-list`}>
      <h2 id={`${headingId}-list`}>
        <Msg id="generics.alternatives.heading" values={{ unit }} />
      </h2>
      {outcome.bestSavingsPercent !== null ? (
        <p className="calc-summary">
          <Msg id="generics.savings.summary" values={{ percent: f.percent(outcome.bestSavingsPercent), unit, b: (chunks) => <strong>{chunks}</strong> }} />
        </p>
      ) : null}
      {outcome.original?.unitPriceCents != null ? (
        <p className="calc-reference">
          <Msg id="generics.original.unitPrice" values={{ price: f.cents(outcome.original.unitPriceCents), unit }} />
        </p>
      ) : null}
      <ol className="calc-list">
        {outcome.alternatives.map((row) => (
          <AlternativeItem key={row.pharmacode} row={row} />
        ))}
      </ol>
    </section>
  );
}

function AlternativeItem({ row }: { row: AlternativeRow }) {
  const f = useFormats();
  return (
    <li className="calc-card">
      <RowPicture row={row} size={150} />
      <div className="calc-card__body">
        <h3 className="calc-card__name">{row.name}</h3>
        <ProductFacts row={row}>
          {row.savingsPercent !== null ? (
            <div className="calc-facts__saving">
              <dt>
                <Msg id="generics.fact.saving" values={{ unit: row.unit ?? '' }} />
              </dt>
              <dd>
                <Msg id="generics.saving.value" values={{ percent: f.percent(row.savingsPercent) }} />
              </dd>
            </div>
          ) : null}
        </ProductFacts>
      </div>
    </li>
  );
}
