import { Msg } from '../../i18n/msg';
import { NewPasswordForm } from './new-password-form';
import './auth.css';

/**
 * spec §4 forced password change: replaces every view while require_pw_reset is set. Saving
 * clears the flag; the session store's USER_UPDATED then lets the routed view show.
 */
export default function PasswordChangeScreen() {
  return (
    <div className="auth-page auth-page--single">
      <section className="auth-page__main" aria-labelledby="auth-heading">
        <h1 id="auth-heading">
          <Msg id="title.passwordChange" />
        </h1>
        <p className="notice notice--info">
          <Msg id="auth.password.forcedIntro" />
        </p>
        <NewPasswordForm />
      </section>
    </div>
  );
}
