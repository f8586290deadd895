import { useId, useState } from 'react';
import { Msg } from '../../i18n/msg';
import type { GenericTipRow } from './select-rows';

/**
 * The generic tip (spec §4): the prescribed products with a cheaper generic (savings above
 * 7 %, spec §9) and the offer to allow generics, which stores new order defaults with generic
 * true; the tip is gone once they allow generics.
 */
export function GenericTip({ rows, onAccept }: { rows: readonly GenericTipRow[]; onAccept: () => Promise<void> }) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  if (rows.length === 0) return null;
  const best = rows[0]!.percent;
  return (
    <aside className="generic-tip" aria-labelledby={titleId}>
      <h2 id={titleId} className="generic-tip__title">
        <Msg id="order.genericTip.title" />
      </h2>
      <p>
        <Msg id="order.genericTip.text" values={{ count: rows.length, percent: best }} />
      </p>
      <ul className="generic-tip__list">
        {rows.map((r) => (
          <li key={r.pharmacode}>
            <Msg
              id="order.genericTip.item"
              values={{ name: r.name ?? <Msg id="prescriptions.medicationFallback" values={{ pharmacode: String(r.pharmacode) }} />, percent: r.percent }}
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onAccept().finally(() => setBusy(false));
        }}
      >
        <Msg id="order.genericTip.accept" />
      </button>
    </aside>
  );
}
