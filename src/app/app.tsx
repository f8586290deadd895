import { startTransition, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { I18nProvider } from '../i18n/i18n-provider';
import { Msg } from '../i18n/msg';
import { afterScreenShown } from '../lib/screen-shown';
import { NotificationStack } from '../ui/notifications/notification-stack';
import { AppRouter } from './app-router';
import { lazy } from './lazy-view';
import { QuietErrorBoundary, ViewErrorBoundary } from './view-error-boundary';
import { useLocation } from 'wouter';
import { NavBar } from './layout/nav-bar';
import { TopBar } from './layout/top-bar';
import { UpdateBanner } from './pwa/update-banner';
import { SessionProvider } from './session-provider';
import { SyncShell } from './sync/sync-shell';

export function App() {
  const mainRef = useRef<HTMLElement>(null);
  // App itself holds no state: a state here (the footer's, the address) rendered the whole shell
  // again — right after the first paint, and on every navigation
  return (
    <I18nProvider>
      <SessionProvider>
        <a className="skip-link" href="#main">
          <Msg id="app.skipToContent" />
        </a>
        <TopBar />
        <UpdateBanner />
        <SyncShell>
          <NavBar />
        </SyncShell>
        <main id="main" ref={mainRef} tabIndex={-1} className="main">
          <RoutedView mainRef={mainRef} />
        </main>
        <FooterAfterScreen />
        <NotificationStack />
      </SessionProvider>
    </I18nProvider>
  );
}

/** The route's view; a view that failed is tried again at the next address. */
function RoutedView({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const [location] = useLocation();
  return (
    <ViewErrorBoundary resetKey={location}>
      <AppRouter mainRef={mainRef} />
    </ViewErrorBoundary>
  );
}

// its own chunk: the first load's JavaScript is the app's frame and what the first screen needs.
// Missing (offline before the worker has it, a file the browser could not fetch), it is left out
// without a word until the next load of the page (QuietErrorBoundary).
// (lazy-view.ts: asked for before it renders, and then rendered without suspending)
const Footer = lazy(() => import('./layout/footer').then(({ Footer }) => ({ default: Footer })));

/**
 * The footer lies below the first screen (`main` is at least a screen high): it comes once the
 * screen has shown all of its parts (lib/screen-shown.ts), in a commit of its own, so nothing
 * above it moves. With a screen's last slice in the same commit, the frame after it laid out 84
 * elements (the dashboard at 4× CPU: 36–76 ms). Its file is asked for at once.
 */
function FooterAfterScreen() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    void Footer.preload().catch(() => undefined);
    return afterScreenShown(() => startTransition(() => setShown(true)));
  }, []);
  return shown ? (
    <QuietErrorBoundary>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </QuietErrorBoundary>
  ) : null;
}
