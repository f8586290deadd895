import { Msg } from '../../i18n/msg';

export interface Benefit {
  titleId: string;
  textId: string;
}

/** A list of promises or advantages, each a short title and one sentence. */
export function BenefitList({ items }: { items: readonly Benefit[] }) {
  return (
    <ul className="public-benefits" role="list">
      {items.map((item) => (
        <li key={item.titleId} className="public-benefits__item">
          <h3 className="public-benefits__title">
            <Msg id={item.titleId} />
          </h3>
          <p>
            <Msg id={item.textId} />
          </p>
        </li>
      ))}
    </ul>
  );
}
