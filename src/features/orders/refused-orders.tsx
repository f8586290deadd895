import { useId, useState } from 'react';
import type { RefusedOrder } from '../../data/local/mirror-query';
import { Msg } from '../../i18n/msg';
import { reasonText } from '../../domain/reason-text';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { OrderProducts } from './order-products';
import type { MedicationNames } from './order-rows';
import type { Language } from '../../domain/entities';
import { medicationName } from '../../domain/medication';

interface Props {
  refused: readonly RefusedOrder[];
  medications: MedicationNames;
  language: Language;
  /** puts the order back into the order flow to be corrected */
  onEdit: (outboxId: string) => Promise<void>;
  onDiscard: (outboxId: string) => Promise<void>;
}

/**
 * Orders the pharmacy's server refused: each with what to correct
 * (src/domain/reason-text.ts), to be edited in the order flow — the order comes back as the
 * draft — or discarded. Nothing of a refused order is on the server.
 */
export function RefusedOrders({ refused, medications, language, onEdit, onDiscard }: Props) {
  const formatDate = useCalendarDate();
  const [busy, setBusy] = useState<string | null>(null);
  const titleId = useId();
  if (refused.length === 0) return null;
  const act = (id: string, run: (id: string) => Promise<void>) => {
    setBusy(id);
    void run(id).finally(() => setBusy(null));
  };
  return (
    <section className="orders-refused" aria-labelledby={titleId}>
      <h2 id={titleId} className="orders-refused__title">
        <Msg id="orders.refused.title" values={{ count: refused.length }} />
      </h2>
      <ul className="orders-refused__list">
        {refused.map((r) => {
          const headingId = `${titleId}-${r.outboxId}`;
          const products = Object.entries(r.medications).map(([code, amount]) => {
            const m = medications.get(Number(code));
            return { pharmacode: Number(code), amount, name: m ? medicationName(m, language) : null };
          });
          return (
            <li key={r.outboxId} className="orders-refused__item">
              <h3 id={headingId} className="orders-refused__item-title">
                <Msg id="orders.refused.item" values={{ date: formatDate(new Date(r.createdAt).toISOString()) }} />
              </h3>
              <p className="orders-refused__reason">
                <Msg id={reasonText(r.code)} />
              </p>
              <OrderProducts products={products} />
              <div className="button-row">
                <button type="button" className="button button--primary" aria-describedby={headingId} disabled={busy === r.outboxId} onClick={() => act(r.outboxId, onEdit)}>
                  <Msg id="orders.refused.edit" />
                </button>
                <button type="button" className="button button--secondary" aria-describedby={headingId} disabled={busy === r.outboxId} onClick={() => act(r.outboxId, onDiscard)}>
                  <Msg id="orders.refused.discard" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
