import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AmountUpdate } from '../../ui/amount-selector';
import { paths } from '../../domain/paths';
import type { Pharmacode } from '../../domain/entities';
import { Msg } from '../../i18n/msg';
import { useProgressiveList } from '../../ui/use-progressive-list';
import { GenericTip } from './generic-tip';
import { SelectItem } from './select-item';
import type { GenericTipRow, SelectRow } from './select-rows';
import './order-flow.css';

export interface OrderSelectScreenProps {
  rows: readonly SelectRow[];
  tip: readonly GenericTipRow[];
  onAmount: (pharmacode: Pharmacode, update: AmountUpdate, max: number) => void;
  onAcceptGenerics: () => Promise<void>;
  /** on to the summary: the view checks the selection as stored (spec §5) */
  onContinue: () => void;
  /** what each row offers beside its facts: the view passes the patient information (one function for every render: the rows are memoised) */
  infoFor?: (row: SelectRow) => ReactNode;
}

/**
 * /order/select (spec §2): one row per medication of the active prescriptions with its amount
 * selector, the generic tip, and on to the summary — with nothing chosen, the danger notice
 * (spec §5, §8). Without active prescriptions: the message and the way to send prescriptions.
 */
export function OrderSelectScreen({ rows, tip, onAmount, onAcceptGenerics, onContinue, infoFor }: OrderSelectScreenProps) {
  // the rows a few per frame; what follows them once all are there, so nothing in sight is pushed down
  const listed = useProgressiveList(rows);
  const complete = listed.length === rows.length;
  return (
    <section className="page order-flow" aria-labelledby="order-select-title">
      <h1 id="order-select-title">
        <Msg id="title.orderSelect" />
      </h1>
      {rows.length === 0 ? (
        <div className="notice notice--info order-flow__empty">
          <p>
            <Msg id="order.select.noPrescriptions" />
          </p>
          <Link href={paths.prescriptionsAdd.href()} className="button button--primary">
            <Msg id="order.select.sendPrescriptions" />
          </Link>
        </div>
      ) : (
        <>
          <p>
            <Msg id="order.select.intro" />
          </p>
          <h2 id="order-select-list" className="visually-hidden">
            <Msg id="order.select.listTitle" />
          </h2>
          <ul className="select-list" aria-labelledby="order-select-list">
            {listed.map((row) => (
              <SelectItem key={row.pharmacode} row={row} infoFor={infoFor} onAmount={onAmount} />
            ))}
          </ul>
          {complete ? (
            <>
              <div className="order-flow__actions">
                <button type="button" className="button button--primary" onClick={onContinue}>
                  <Msg id="order.select.continue" />
                </button>
              </div>
              {/* last: the tip waits for the generics look-ups (network), and arriving below
                  everything it moves nothing the patient is reading (no layout shift) */}
              <GenericTip rows={tip} onAccept={onAcceptGenerics} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
