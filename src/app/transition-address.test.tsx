// @vitest-environment happy-dom
// The router's address as a transition (transition-address.tsx): a navigation keeps the screen
// on view until the next one can render (its code loaded), path and query change together, and
// the back button and redirects are followed like links.
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Link, Redirect, Route, Router, Switch, useSearch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazy as viewLazy } from './lazy-view';
import { NEXT_SCREEN_WAIT_MAX_MS, TransitionAddress, useTransitionLocation, useTransitionSearch, type PrepareAddress } from './transition-address';

function deferredView() {
  let resolve!: (module: { default: ComponentType }) => void;
  const loaded = new Promise<{ default: ComponentType }>((r) => (resolve = r));
  return { View: lazy(() => loaded), arrive: (view: ComponentType) => resolve({ default: view }) };
}

function Query() {
  return <p>query: {useSearch()}</p>;
}

function app(routes: React.ReactNode) {
  return (
    <TransitionAddress>
      <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
        <Suspense fallback={<p>loading</p>}>
          <Switch>{routes}</Switch>
        </Suspense>
      </Router>
    </TransitionAddress>
  );
}

describe('TransitionAddress', () => {
  beforeEach(() => history.replaceState(null, '', '/'));
  afterEach(() => history.replaceState(null, '', '/'));

  it('a link to a screen whose code is still loading keeps the screen on view, then shows the next', async () => {
    const next = deferredView();
    render(
      app(
        [
          <Route key="/" path="/">
            <Link href="/next">go</Link>
          </Route>,
          <Route key="/next" path="/next">
            <next.View />
          </Route>,
        ],
      ),
    );
    await act(async () => screen.getByText('go').click());
    // with wouter's own location (an external store) React showed the fallback here
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('go')).toBeTruthy();
    expect(location.pathname).toBe('/next');

    await act(async () => next.arrive(() => <p>next screen</p>));
    expect(screen.getByText('next screen')).toBeTruthy();
    expect(screen.queryByText('go')).toBeNull();
  });

  describe('a route with a Suspense boundary of its own (route-screen.tsx)', () => {
    // each route its own boundary, new with the route: a transition does not keep the screen on
    // view for a new boundary, so without `prepare` its spinner showed (and stayed 300 ms)
    function routedApp(routes: React.ReactNode, prepare?: PrepareAddress) {
      return (
        <TransitionAddress prepare={prepare}>
          <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
            <Switch>{routes}</Switch>
          </Router>
        </TransitionAddress>
      );
    }
    function codeView() {
      let resolve!: (module: { default: ComponentType<{ titleId: string }> }) => void;
      const code = new Promise<{ default: ComponentType<{ titleId: string }> }>((r) => (resolve = r));
      const View = viewLazy(() => code);
      return { View, arrive: () => resolve({ default: ({ titleId }) => <p>{titleId}</p> }) };
    }
    const prepareFor = (views: Record<string, ReturnType<typeof codeView>['View']>): PrepareAddress => (path) => {
      const view = views[path];
      return view && !view.loaded() ? () => view.preload() : null;
    };
    const route = (path: string, body: React.ReactNode) => (
      <Route key={path} path={path}>
        <Suspense fallback={<p>loading</p>}>{body}</Suspense>
      </Route>
    );

    it('the screen stays on view while the next one\'s code loads, then the next shows without its spinner', async () => {
      const next = codeView();
      render(routedApp([route('/', <Link href="/next">go</Link>), route('/next', <next.View titleId="next screen" />)], prepareFor({ '/next': next.View })));
      await act(async () => screen.getByText('go').click());
      expect(location.pathname).toBe('/next');
      expect(screen.getByText('go')).toBeTruthy();
      expect(screen.queryByText('loading')).toBeNull();

      await act(async () => next.arrive());
      expect(screen.getByText('next screen')).toBeTruthy();
      expect(screen.queryByText('go')).toBeNull();
    });

    it('without it the new boundary showed its spinner (what `prepare` is for)', async () => {
      const next = codeView();
      render(routedApp([route('/', <Link href="/next">go</Link>), route('/next', <next.View titleId="next screen" />)]));
      await act(async () => screen.getByText('go').click());
      expect(screen.getByText('loading')).toBeTruthy();
    });

    it(`code slower than ${NEXT_SCREEN_WAIT_MAX_MS} ms: the next screen's spinner shows, so the tap was seen`, async () => {
      const next = codeView();
      render(routedApp([route('/', <Link href="/next">go</Link>), route('/next', <next.View titleId="next screen" />)], prepareFor({ '/next': next.View })));
      await act(async () => screen.getByText('go').click());
      expect(screen.queryByText('loading')).toBeNull();
      await act(() => new Promise((r) => setTimeout(r, NEXT_SCREEN_WAIT_MAX_MS + 50)));
      expect(screen.getByText('loading')).toBeTruthy();
      expect(screen.queryByText('go')).toBeNull();
    });

    it('a navigation overtaken while its code loaded is not shown when the code comes', async () => {
      const slow = codeView();
      render(
        routedApp(
          [
            route(
              '/',
              <>
                <Link href="/slow">slow</Link>
                <Link href="/here">here</Link>
              </>,
            ),
            route('/slow', <slow.View titleId="slow screen" />),
            route('/here', <p>here screen</p>),
          ],
          prepareFor({ '/slow': slow.View }),
        ),
      );
      await act(async () => screen.getByText('slow').click());
      await act(async () => screen.getByText('here').click());
      expect(screen.getByText('here screen')).toBeTruthy();
      await act(async () => slow.arrive());
      expect(screen.getByText('here screen')).toBeTruthy();
      expect(screen.queryByText('slow screen')).toBeNull();
      expect(location.pathname).toBe('/here');
    });
  });

  it('prepare is told where the navigation comes from (the last address asked for)', async () => {
    const asked: Array<[string, string]> = [];
    const prepare: PrepareAddress = (path, from) => (asked.push([path, from]), null);
    render(
      <TransitionAddress prepare={prepare}>
        <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
          <Link href="/a">a</Link>
          <Link href="/b?x=1">b</Link>
        </Router>
      </TransitionAddress>,
    );
    await act(async () => screen.getByText('a').click());
    await act(async () => screen.getByText('b').click());
    // the first: the effect's look at an address changed before it (none here)
    expect(asked).toEqual([
      ['/', '/'],
      ['/a', '/'],
      ['/b', '/a'],
    ]);
  });

  it('path and query arrive together', async () => {
    render(
      app(
        [
          <Route key="/" path="/">
            <Link href="/list?page=2">list</Link>
          </Route>,
          <Route key="/list" path="/list">
            <Query />
          </Route>,
        ],
      ),
    );
    await act(async () => screen.getByText('list').click());
    expect(screen.getByText('query: page=2')).toBeTruthy();
  });

  it('follows a redirect', async () => {
    history.replaceState(null, '', '/old');
    render(
      app([
        <Route key="/old" path="/old">
          <Redirect to="/new" replace />
        </Route>,
        <Route key="/new" path="/new">
          <p>new screen</p>
        </Route>,
      ]),
    );
    await act(async () => undefined);
    expect(screen.getByText('new screen')).toBeTruthy();
    expect(location.pathname).toBe('/new');
  });

  it('the back button: the screen of the address the browser went back to', async () => {
    render(
      app([
        <Route key="/" path="/">
          <p>home</p>
        </Route>,
        <Route key="/other" path="/other">
          <p>other</p>
        </Route>,
      ]),
    );
    // the browser changes the address itself (not through wouter's patched history) and says so with popstate only
    await act(async () => {
      History.prototype.replaceState.call(history, null, '', '/other');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('other')).toBeTruthy();
  });

  it('renders the address it is given (the build\'s server render, where no location exists)', () => {
    const html = renderToString(
      <TransitionAddress initial={{ path: '/given', search: 'a=1' }}>
        <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
          <Route path="/given">
            <Query />
          </Route>
        </Router>
      </TransitionAddress>,
    );
    expect(html).toContain('query: <!-- -->a=1');
  });
});
