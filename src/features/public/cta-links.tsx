import { Link } from 'wouter';
import { Msg } from '../../i18n/msg';
import { paths } from '../../domain/paths';

/** The two calls to action of the public pages: open an account (registration mode) or sign in. */
export function CtaLinks({ loginHint = false }: { loginHint?: boolean }) {
  return (
    <div className="public-cta">
      <Link href={paths.login.href({ register: true })} className="public-button public-button--primary">
        <Msg id="public.cta.register" />
      </Link>
      <div className="public-cta__login">
        {loginHint && (
          <span className="public-cta__hint">
            <Msg id="public.cta.loginHint" />
          </span>
        )}
        <Link href={paths.login.href()} className="public-button public-button--secondary">
          <Msg id="public.cta.login" />
        </Link>
      </div>
    </div>
  );
}
