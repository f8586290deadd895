import type { ReactNode } from 'react';
import { Msg } from '../../i18n/msg';
import type { PricedPack } from '../../domain/generics';
import { EXAMPLE_GENERIC, EXAMPLE_ORIGINAL, EXAMPLE_SAVINGS_PERCENT, exampleUnitCents } from './generics-example';
import { richText } from './rich-text';

const Money = ({ cents }: { cents: number }) => <Msg id="public.generics.example.money" values={{ amount: cents / 100 }} />;

/** One row per figure, one column per product: narrow enough for a phone without scrolling. */
const ROWS: readonly { labelId: string; cell: (pack: PricedPack) => ReactNode }[] = [
  { labelId: 'public.generics.example.colPack', cell: (pack) => <Msg id="public.generics.example.pack" values={{ count: pack.quantity }} /> },
  { labelId: 'public.generics.example.colPrice', cell: (pack) => <Money cents={Math.round(pack.price * 100)} /> },
  { labelId: 'public.generics.example.colUnit', cell: (pack) => <Money cents={exampleUnitCents(pack)} /> },
];

/** The worked price-per-tablet example of the generics page (spec §9: savings of up to 11 %). */
export function GenericsExampleTable() {
  return (
    <>
      <table className="public-table">
        <caption>
          <Msg id="public.generics.example.caption" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Msg id="public.generics.example.colProduct" />
            </th>
            <th scope="col">
              <Msg id="public.generics.example.original" />
            </th>
            <th scope="col">
              <Msg id="public.generics.example.generic" />
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(({ labelId, cell }) => (
            <tr key={labelId}>
              <th scope="row">
                <Msg id={labelId} />
              </th>
              <td>{cell(EXAMPLE_ORIGINAL)}</td>
              <td>{cell(EXAMPLE_GENERIC)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="public-highlight">
        <Msg id="public.generics.example.result" values={{ ...richText, percent: EXAMPLE_SAVINGS_PERCENT }} />
      </p>
    </>
  );
}
