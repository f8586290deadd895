import { startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Redirect, useSearch } from 'wouter';
import { LoginPrompt } from '../features/auth/login-prompt';
import { afterNextPaint } from '../lib/after-paint';
import { holdScreen, SCREEN_WAIT_MAX_MS } from '../lib/screen-shown';
import { Spinner } from '../ui/spinner';
import { onboardingOpening, screenFor, signedInTarget } from './guards';
import type { RouteDef } from './routes';
import { lazy } from './lazy-view';
import { FRAME_TAKEOVER_ATTRIBUTE, markAppReady, RouteFrame } from './route-frame';
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
        <FrameFirst def={def}>
          <Suspense fallback={<Spinner />}>
            <def.view titleId={def.titleId} params={params} />
          </Suspense>
        </FrameFirst>
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

/**
 * The takeover of a signed-in route's prerendered frame in two commits: the first makes the
 * document's markup anew as it stands (the shell and the frame: the app's now), the screen with
 * the patient's data takes the frame's place in a transition a frame later. In one commit the
 * browser styled and laid out the whole page at once (the shell's 40 elements and the screen's
 * first slice: 95–120 elements, 40–57 ms of one task at 4× CPU on a quiet machine); now the
 * second commit holds the screen alone. What waits for the screen (lib/screen-shown.ts) waits
 * for it here too, and the app says it is ready (root.tsx) once the screen is in.
 */
export function FrameFirst({ def, children }: { def: Pick<RouteDef, 'guard' | 'titleId' | 'frameTexts'>; children: ReactNode }) {
  // the document's frame is on screen only before the app's first commit (read in the first render)
  const [frame, setFrame] = useState(() => def.guard !== 'public' && typeof document !== 'undefined' && document.querySelector('#root .route-frame:not([' + FRAME_TAKEOVER_ATTRIBUTE + '])') !== null);
  useEffect(() => (frame ? holdScreen() : undefined), [frame]);
  // a hidden page paints no frame: its screen comes all the same, not only once it is shown
  useEffect(() => (frame ? afterNextPaint(() => startTransition(() => setFrame(false)), SCREEN_WAIT_MAX_MS) : undefined), [frame]);
  const wasFrame = useRef(frame);
  useLayoutEffect(() => {
    if (wasFrame.current && !frame) markAppReady();
  }, [frame]);
  return frame ? <RouteFrame titleId={def.titleId} texts={def.frameTexts} takeover /> : children;
}

export function ScrollToTop({ location }: { location: string }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
