import { Link, useLocation } from 'wouter';
import { Msg } from '../../i18n/msg';
import { paths } from '../../domain/paths';

/** spec §2: what a protected route shows while signed out. */
export function LoginPrompt() {
  const [location] = useLocation();
  return (
    <section className="page page--narrow login-prompt">
      <h1>
        <Msg id="loginPrompt.title" />
      </h1>
      <p>
        <Msg id="loginPrompt.text" />
      </p>
      <p className="button-row">
        <Link href={paths.login.href({ next: location })} className="button button--primary">
          <Msg id="loginPrompt.login" />
        </Link>
        <Link href={paths.login.href({ register: true })} className="button button--secondary">
          <Msg id="loginPrompt.register" />
        </Link>
      </p>
    </section>
  );
}
