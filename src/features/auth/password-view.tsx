import { useLocation } from 'wouter';
import { Msg } from '../../i18n/msg';
import { NewPasswordForm } from './new-password-form';
import { useSession } from '../../data/hooks/use-session';
import { useSetupFlags } from '../../data/hooks/use-setup-flags';
import { ProfileLayout } from '../../ui/profile-nav/profile-nav';
import './auth.css';
import { paths } from '../../domain/paths';

/**
 * Route /profile/password/:reset? (spec §2). With the reset parameter — where the mailed
 * reset link lands, signed in by supabase-js from the URL (PASSWORD_RECOVERY) — the patient
 * sets a new password and goes on to the dashboard; without it, a signed-in patient changes
 * the password here (same form, spec §5).
 */
export default function PasswordView({ params }: { params?: Record<string, string | undefined> }) {
  const { recovery } = useSession();
  const [, navigate] = useLocation();
  const reset = recovery || !!params?.reset;
  const flags = useSetupFlags();
  if (!reset) {
    // Changing the password is one of the profile's pages: the side navigation stays beside it.
    return (
      <ProfileLayout titleId="title.profilePassword" flags={flags ?? null}>
        <p>
          <Msg id="auth.password.changeIntro" />
        </p>
        <NewPasswordForm />
      </ProfileLayout>
    );
  }
  // From the mailed reset link: the patient has one thing to do here, so the page stays bare.
  return (
    <div className="auth-page auth-page--single">
      <section className="auth-page__main" aria-labelledby="auth-heading">
        <h1 id="auth-heading">
          <Msg id="title.passwordChange" />
        </h1>
        <p>
          <Msg id="auth.password.resetIntro" />
        </p>
        <NewPasswordForm onDone={() => navigate(paths.dashboard.href(), { replace: true })} />
      </section>
    </div>
  );
}
