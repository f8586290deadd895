import { Suspense, useEffect } from 'react';
import { Redirect } from 'wouter';
import { LoginPrompt } from '../features/auth/login-prompt';
import { Spinner } from '../ui/spinner';
import { screenFor } from './guards';
import PlaceholderView from './placeholder-view';
import type { RouteDef } from './routes';
import { useSession } from './session-context';
import { usePageTitle } from './use-page-title';

// Screens that take the place of the routed view until their issues build them.
const STAND_IN_TITLES = {
  secondFactor: 'title.secondFactor',
  passwordChange: 'title.passwordChange',
  onboarding: 'title.onboarding',
} as const;

export function RouteScreen({ def, params }: { def: RouteDef; params: Record<string, string | undefined> }) {
  const { session } = useSession();
  const screen = screenFor(def.guard, session);
  usePageTitle(screen === 'view' || screen === 'loginPrompt' || screen === 'spinner' ? def.titleId : STAND_IN_TITLES[screen]);

  if (def.signedInRedirect && session.status === 'signedIn' && screen === 'view') return <Redirect to={def.signedInRedirect} replace />;
  switch (screen) {
    case 'spinner':
      return <Spinner />;
    case 'loginPrompt':
      return <LoginPrompt />;
    case 'view':
      return (
        <Suspense fallback={<Spinner />}>
          <def.view titleId={def.titleId} params={params} />
        </Suspense>
      );
    default:
      return <PlaceholderView titleId={STAND_IN_TITLES[screen]} params={{}} />;
  }
}

export function ScrollToTop({ location }: { location: string }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
