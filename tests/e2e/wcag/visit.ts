// Visiting the routes of the routes table one after another in one page (the axe test and the
// WCAG checks of issue 40): in-app navigation, so each route costs no reload.
import type { Page } from '@playwright/test';
import { routeAt } from '../../../src/app/route-at';
import type { RouteDef } from '../../../src/app/routes';
import { expect } from '../fixtures';

/** The document title a route shows: its own, the login's for a signed-out visit to a login route, "not found" off the table. */
export function titleOfRoute(t: Record<string, string>, signedIn: boolean): (route: RouteDef | undefined) => string {
  const titled = (id: string) => t['app.titlePattern']!.replace('{title}', t[id]!);
  return (route) => titled(route === undefined ? 'title.notFound' : !signedIn && route.loginWhenSignedOut ? 'title.login' : route.titleId);
}

/**
 * The paths a signed-out pass visits: every public one, every one that shows a screen of its own
 * signed out (the dashboard shows the login), and the first of each guard. Every other guarded path
 * shows the same login prompt under its own title (route-screen.tsx, guards.ts `screenFor`: signed
 * out, every guard answers the prompt): visiting it again checks the same screen again. The thirty
 * repeats cost the end-to-end run minutes of every CI run; the signed-in passes visit every path.
 */
export function signedOutSample<P extends { route: RouteDef }>(paths: readonly P[]): P[] {
  const sampled = new Set<string>();
  return paths.filter(({ route }) => {
    if (route.guard === 'public' || route.loginWhenSignedOut === true) return true;
    if (sampled.has(route.guard)) return false;
    sampled.add(route.guard);
    return true;
  });
}

/**
 * The router listens to the history. The page counts as shown once the title names the route
 * where the app ended up (a route may send the patient on, e.g. a complete profile's overview to
 * the base data) and nothing in the main area is still loading.
 */
export async function visit(page: Page, path: string, titleOf: (route: RouteDef | undefined) => string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect
    .poll(async () => {
      const { pathname, title } = await page.evaluate(() => ({ pathname: location.pathname, title: document.title }));
      return title === titleOf(routeAt(pathname)) ? 'titled' : `${pathname}: ${title}`;
    })
    .toBe('titled');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('.spinner')).toHaveCount(0);
}
