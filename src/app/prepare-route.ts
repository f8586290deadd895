// What a navigation waits for before the next screen renders (transition-address.tsx, at most
// NEXT_SCREEN_WAIT_MAX_MS): the route's code when it has not loaded yet, and the data its screen
// reads (the route's read ahead: the very queries its hooks ask), so the screen's first render
// shows the patient's data instead of its spinner while its live queries read the mirror (/orders
// with 500 orders: about 60 ms, 400 ms at 4× CPU). Not within one route (the orders' other side, a
// day of the dose history): the screen on view shows its live answers until the new ones arrive,
// and a read ahead would only hold the change back. Not the guard's verdict either: a stand-in
// screen (the onboarding, a helper's "not for this person") renders without the view's data.
import { liveQueriesAsked } from '../data/hooks/live-queries-in-use';
import type { ReadAhead } from '../data/local/read-ahead';
import type { RouteDef } from './routes';
import type { PrepareAddress } from './transition-address';

type RouteOf = (path: string) => Pick<RouteDef, 'view' | 'readAhead'> | undefined;
/** How a route's data is read ahead: null while no screen's live query is in use (nothing is read then) */
type ReadAheadOf = (reads: () => Promise<ReadAhead>) => (() => Promise<void>) | null;

/**
 * The data layer's: once a screen has asked for the live queries (their loader comes with the
 * screens' chunks, and is asked for only then: it is not part of the first load).
 */
const inMirror: ReadAheadOf = (reads) => (liveQueriesAsked() ? () => import('../data/hooks/mirror-live-load').then((load) => load.readAheadOnNavigation(reads)) : null);

export function prepareRouteWith(routeOf: RouteOf, readAheadOf: ReadAheadOf = inMirror): PrepareAddress {
  return (path, from) => {
    const route = routeOf(path);
    if (!route) return null;
    const code = route.view.loaded?.() === false ? route.view.preload : undefined;
    const data = route.readAhead && route !== routeOf(from) ? readAheadOf(route.readAhead) : null;
    if (!data) return code ?? null;
    return () => Promise.all([code?.(), data()]);
  };
}
