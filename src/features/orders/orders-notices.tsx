import type { Ref } from 'react';
import { Msg } from '../../i18n/msg';

interface Props {
  /** ?success=1: an order was just finished */
  success: boolean;
  /** ?id=: the server's number of that order (absent: it waits on this device) */
  orderId: number | null;
  loadFailed: boolean;
  onReload: () => void;
  /** the thank-you notice takes the focus after an order (screen readers start there) */
  successRef?: Ref<HTMLDivElement>;
}

/**
 * The notices at the top of /orders: the thank-you notice with the order number after an
 * order (spec §2 success=1), or — finished offline — that it waits on this device to be sent;
 * and the loading failure of spec §8 with a reload of the page.
 */
export function OrdersNotices({ success, orderId, loadFailed, onReload, successRef }: Props) {
  return (
    <>
      <div role="status" className="orders-notices">
        {success ? (
          <div className="notice notice--success orders-success" tabIndex={-1} ref={successRef}>
            <p className="orders-success__title">
              <strong>
                <Msg id="orders.success.title" />
              </strong>
            </p>
            <p>{orderId === null ? <Msg id="orders.success.waiting" /> : <Msg id="orders.success.text" values={{ id: String(orderId) }} />}</p>
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
