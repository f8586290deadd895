import { Suspense, useEffect, useRef } from 'react';
import { Redirect, useSearch } from 'wouter';
import { LoginPrompt } from '../features/auth/login-prompt';
import { Spinner } from '../ui/spinner';
import { onboardingOpening, screenFor, signedInTarget } from './guards';
import type { RouteDef } from './routes';
import { lazy } from './lazy-view';
import { RouteFrame } from './route-frame';
import { useServerRender } from './server-render-context';
import { useSessionView } from './session-context';
import { usePageTitle } from './use-page-title';

// Screens that take the place of the routed view (spec §2 Shell): the login confirmation
// (features/account), the forced password change (features/auth), the onboarding
// (features/profile/onboarding).
const STAND_IN_TITLES = {
  secondFactor: 'title.secondFactor',
  passwordChange: 'title.passwordChange',
  onboarding: 'title.onboarding',
  notForPerson: 'title.notForPerson',
} as const;

const SecondFactorScreen = lazy(() => import('../features/account/second-factor-view'));
const PasswordChangeScreen = lazy(() => import('../features/auth/password-change-screen'));
const LoginView = lazy(() => import('../features/auth/login-view'));
const OnboardingScreen = lazy(() => import('../features/profile/onboarding/onboarding-view'));
const NotForPersonScreen = lazy(() => import('../features/helping/not-for-person-view'));

export function RouteScreen({ def, params }: { def: RouteDef; params: Record<string, string | undefined> }) {
  const { session } = useSessionView();
  const search = useSearch();
  const screen = screenFor(def.guard, session, def.forPerson);
  const serverRender = useServerRender();
  // the view's chunk loads while the guard still waits for the session (no waterfall)
  useEffect(() => {
    def.view.preload?.().catch(() => undefined); // a failure shows when the view renders
  }, [def]);
  const showLogin = screen === 'loginPrompt' && def.loginWhenSignedOut === true;
  // issue 40: a stand-in screen gave way (the second factor confirmed, the password changed) and
  // took the focus with it: the main area takes it, as after a navigation, never the page itself
  const shown = useRef(screen);
  useEffect(() => {
    const before = shown.current;
    shown.current = screen;
    if (before !== screen && before in STAND_IN_TITLES && (document.activeElement === null || document.activeElement === document.body)) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [screen]);
  usePageTitle(showLogin ? 'title.login' : screen === 'view' || screen === 'loginPrompt' || screen === 'spinner' ? def.titleId : STAND_IN_TITLES[screen]);

  // the build's render of a signed-in route: its frame (the screen needs the patient's data)
  if (serverRender && def.guard !== 'public') return <RouteFrame titleId={def.titleId} texts={def.frameTexts} />;
  // spec §2: signed-in users leave / and /login (for the page that sent them to the login, if any)
  if (def.signedInRedirect && session.status === 'signedIn' && screen === 'view') {
    return <Redirect to={signedInTarget(def.signedInRedirect, search)} replace />;
  }
  switch (screen) {
    case 'spinner':
      return <Spinner />;
    case 'loginPrompt':
      return showLogin ? (
        <Suspense fallback={<Spinner />}>
          <LoginView />
        </Suspense>
      ) : (
        <LoginPrompt />
      );
    case 'view':
      return (
        <Suspense fallback={<Spinner />}>
          <def.view titleId={def.titleId} params={params} />
        </Suspense>
      );
    case 'secondFactor':
      return (
        <Suspense fallback={<Spinner />}>
          <SecondFactorScreen />
        </Suspense>
      );
    case 'passwordChange':
      return (
        <Suspense fallback={<Spinner />}>
          <PasswordChangeScreen />
        </Suspense>
      );
    case 'notForPerson':
      return (
        <Suspense fallback={<Spinner />}>
          <NotForPersonScreen />
        </Suspense>
      );
    case 'onboarding':
      return (
        <Suspense fallback={<Spinner />}>
          <OnboardingScreen opening={onboardingOpening(def, params.showInfo, session)} />
        </Suspense>
      );
  }
}

export function ScrollToTop({ location }: { location: string }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
