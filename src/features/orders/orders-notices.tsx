import type { Ref } from 'react';
import { Msg } from '../../i18n/msg';
import type { Confirmation } from './order-confirmation';

interface Props {
  /** ?success=1: what the thanks say of the order just finished (order-confirmation.ts); null: no thanks */
  confirmation: Confirmation | null;
  loadFailed: boolean;
  onReload: () => void;
  /** the thank-you notice takes the focus after an order (screen readers start there) */
  successRef?: Ref<HTMLDivElement>;
}

function ConfirmationText({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation.state === 'sent') return <Msg id="orders.success.text" values={{ id: String(confirmation.id) }} />;
  return <Msg id={confirmation.state === 'waiting' ? 'orders.success.waiting' : 'orders.success.received'} />;
}

/**
 * The notices at the top of /orders: the thank-you notice after an order (spec §2 success=1) —
 * with its number once the server has it, or, while it waits on this device, that it will be
 * sent; it follows the order, so it changes in place (a status region: announced) when the
 * order is sent. And the loading failure of spec §8 with a reload of the page.
 */
export function OrdersNotices({ confirmation, loadFailed, onReload, successRef }: Props) {
  return (
    <>
      <div role="status" className="orders-notices">
        {confirmation && confirmation.state !== 'none' ? (
          <div className="notice notice--success orders-success" tabIndex={-1} ref={successRef}>
            <p className="orders-success__title">
              <strong>
                <Msg id="orders.success.title" />
              </strong>
            </p>
            <p>
              <ConfirmationText confirmation={confirmation} />
            </p>
          </div>
        ) : null}
      </div>
      {loadFailed ? (
        <div role="alert" className="notice notice--danger orders-load-error">
          <p>
            <Msg id="orders.error.load" />
          </p>
          <button type="button" className="button button--secondary" onClick={onReload}>
            <Msg id="orders.error.reload" />
          </button>
        </div>
      ) : null}
    </>
  );
}
