import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Msg } from '../../i18n/msg';
import { AccountBenefits } from './account-benefits';
import { RegistrationForm } from './registration-form';
import { ShopAccountNotice } from './shop-account-notice';
import { SignInForm } from './sign-in-form';
import './auth.css';
import { paths } from '../../domain/paths';

/** /login in the other mode, keeping ?next= (where the login prompt came from). */
function modeHref(search: string, register: boolean): string {
  const params = new URLSearchParams(search);
  if (register) params.set('register', '1');
  else params.delete('register');
  const query = params.toString();
  return `${paths.login.path}${query ? `?${query}` : ''}`;
}

/**
 * Route /login (spec §2): sign-in mode, or registration mode with ?register=1; links switch
 * between them. Signed-in users never see it (the router sends them on, to ?next= or /dashboard).
 */
export default function LoginView() {
  const search = useSearch();
  const register = new URLSearchParams(search).get('register') === '1';
  const [failures, setFailures] = useState(0);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  if (register) {
    return (
      <div className="auth-page">
        <section className="auth-page__main" aria-labelledby="auth-heading">
          <h1 id="auth-heading">
            <Msg id="auth.register.heading" />
          </h1>
          {confirmationSentTo ? (
            <div className="notice notice--info auth-sent" role="status">
              <h2>
                <Msg id="auth.register.confirmTitle" />
              </h2>
              <p>
                <Msg id="auth.register.confirmText" values={{ email: confirmationSentTo }} />
              </p>
            </div>
          ) : (
            <>
              <p>
                <Msg id="auth.register.intro" />
              </p>
              <RegistrationForm onConfirmationSent={setConfirmationSentTo} />
            </>
          )}
          <ul className="auth-links">
            <li>
              <span className="auth-links__hint">
                <Msg id="auth.register.haveAccount" />
              </span>
              <Link href={modeHref(search, false)}>
                <Msg id="auth.register.toLogin" />
              </Link>
            </li>
          </ul>
        </section>
        <AccountBenefits />
      </div>
    );
  }

  return (
    <div className="auth-page auth-page--single">
      <section className="auth-page__main" aria-labelledby="auth-heading">
        <h1 id="auth-heading">
          <Msg id="auth.login.heading" />
        </h1>
        <p>
          <Msg id="auth.login.intro" />
        </p>
        <ShopAccountNotice failures={failures} />
        <SignInForm onFailure={() => setFailures((n) => n + 1)} />
        <ul className="auth-links">
          <li>
            <Link href={paths.resetPassword.href()}>
              <Msg id="auth.login.forgotPassword" />
            </Link>
          </li>
          <li>
            <span className="auth-links__hint">
              <Msg id="auth.login.noAccount" />
            </span>
            <Link href={modeHref(search, true)}>
              <Msg id="auth.login.toRegister" />
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
