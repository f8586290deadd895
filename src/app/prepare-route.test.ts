// What a navigation waits for (prepare-route.ts): the next route's code while it has not loaded, the
// data its screen reads when the screens' live queries are in use, and neither within one route.
import { describe, expect, it } from 'vitest';
import type { ReadAhead } from '../data/local/read-ahead';
import { prepareRouteWith } from './prepare-route';
import type { RouteView } from './view-props';

function view(loaded: boolean) {
  const calls: string[] = [];
  const View = Object.assign(() => null, { preload: async () => void calls.push('code'), loaded: () => loaded }) as RouteView;
  return { View, calls };
}

const noReads: ReadAhead = async () => undefined;

describe('prepareRouteWith', () => {
  const code = view(false);
  const loaded = view(true);
  const routes = {
    '/orders': { view: code.View, readAhead: async () => noReads },
    '/orders-loaded': { view: loaded.View, readAhead: async () => noReads },
    '/tutorial': { view: loaded.View },
  };
  const routeOf = (path: string) => routes[path as keyof typeof routes];
  /** the data layer's read ahead, as prepare-route.ts asks it: null while no live query is in use */
  const dataLayer = (inUse: boolean) => {
    const read: string[] = [];
    return { read, readAheadOf: () => (inUse ? async () => void read.push('data') : null) };
  };

  it('an unknown path and a loaded route without read ahead: nothing to wait for', () => {
    const { readAheadOf } = dataLayer(true);
    expect(prepareRouteWith(routeOf, readAheadOf)('/nowhere', '/tutorial')).toBeNull();
    expect(prepareRouteWith(routeOf, readAheadOf)('/tutorial', '/orders')).toBeNull();
  });

  it('the code of a route not loaded yet, and the data its screen reads', async () => {
    const { read, readAheadOf } = dataLayer(true);
    code.calls.length = 0;
    const load = prepareRouteWith(routeOf, readAheadOf)('/orders', '/tutorial');
    expect(load).not.toBeNull();
    await load?.();
    expect(code.calls).toEqual(['code']);
    expect(read).toEqual(['data']);
  });

  it('the data alone once the code is there', async () => {
    const { read, readAheadOf } = dataLayer(true);
    loaded.calls.length = 0;
    await prepareRouteWith(routeOf, readAheadOf)('/orders-loaded', '/tutorial')?.();
    expect(read).toEqual(['data']);
    expect(loaded.calls).toEqual([]);
  });

  it('no data before the screens\' live queries are in use (a navigation from a public page)', () => {
    const { readAheadOf } = dataLayer(false);
    expect(prepareRouteWith(routeOf, readAheadOf)('/orders-loaded', '/tutorial')).toBeNull();
    expect(prepareRouteWith(routeOf, readAheadOf)('/orders', '/tutorial')).toBe(code.View.preload);
  });

  it('no data within one route: the screen on view keeps its live answers until the new ones come', () => {
    const { readAheadOf } = dataLayer(true);
    expect(prepareRouteWith(routeOf, readAheadOf)('/orders-loaded', '/orders-loaded')).toBeNull();
  });
});
