import { Msg } from '../../i18n/msg';

/**
 * spec §1/§2: the web-shop account is separate from this one. Shown throughout sign-in
 * mode (a patient who tries the shop password should read it before the first attempt);
 * after each failed login the counter rises, the notice is emphasised and a polite status
 * line announces it again, next to the #av02 alert.
 */
export function ShopAccountNotice({ failures }: { failures: number }) {
  return (
    <div className={`notice notice--info shop-notice${failures > 0 ? ' shop-notice--emphasis' : ''}`} data-failures={failures}>
      <strong className="shop-notice__title">
        <Msg id="auth.shopNotice.title" />
      </strong>
      <p>
        <Msg id="auth.shopNotice.text" />
      </p>
      <p className="shop-notice__failures" role="status">
        {failures > 0 ? <Msg id="auth.shopNotice.afterFailure" values={{ count: failures }} /> : null}
      </p>
    </div>
  );
}
