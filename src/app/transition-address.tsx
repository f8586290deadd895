// The address the router shows, as React state set in a transition. wouter's own location hook
// reads the address with useSyncExternalStore, and React renders an external store's changes
// synchronously: every navigation (a link, a redirect, the back button) rendered its whole new
// screen in one task, 200 ms and more on a phone for a data screen. Set in a transition, the new
// screen renders in slices that yield to input and painting, and the screen on view stays until
// the next one is ready (its code loaded too) instead of falling back to a spinner. Path and query
// are one state, so a screen never sees the new path with the old query.
//
// A transition keeps a screen on view only while the boundary that suspends has shown content
// before; each route has a Suspense boundary of its own (route-screen.tsx), new with every route,
// so a view whose code was not loaded yet showed its spinner, and React holds the content of a
// boundary back for 300 ms after its fallback: every first visit of a screen flashed a spinner for
// a third of a second, however fast the code came. `prepare` loads the next screen's code and
// reads its data ahead (prepare-route.ts) before the address changes, for at most
// NEXT_SCREEN_WAIT_MAX_MS: on a slow network or device the spinner says the tap was heard. (Not an
// async action, `startTransition(async …)`: React holds every transition started while an action
// is pending in its lane, so the screen on view and the data layer's updates would wait too.)
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { nextTask } from '../lib/next-task';

export interface Address {
  path: string;
  /** without the leading "?", as wouter's search hook gives it */
  search: string;
}

let focusedWhenAsked: Element | null = null;

/**
 * What had the focus when the address last changed (a link, the order's button; the page itself
 * for a redirect): the screen follows later (its code and data first), and what the patient or the
 * new screen focused meanwhile is theirs to keep (app-router.tsx).
 */
export const focusWhenAsked = (): Element | null => focusedWhenAsked;

/** The events wouter's browser location listens to (it patches pushState and replaceState to dispatch theirs). */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

const browserAddress = (): Address => ({ path: location.pathname, search: location.search.replace(/^\?/, '') });

const AddressContext = createContext<Address | null>(null);

/**
 * The longest a navigation keeps the screen on view while the next screen's code loads: about the
 * time after which a patient no longer feels the app follow (a router's usual delay before its
 * pending screen). Shorter was too short at 4× CPU: 400 ms ran out while the dashboard still
 * rendered its plan, and the spinner then stayed React's 300 ms.
 */
export const NEXT_SCREEN_WAIT_MAX_MS = 1000;

/**
 * How to load what the screen of a path needs before it renders without a spinner (its code, its
 * data), coming from the path `from` (the address asked for before); null: nothing to wait for.
 */
export type PrepareAddress = (path: string, from: string) => (() => PromiseLike<unknown>) | null;

export function TransitionAddress({ children, initial, prepare }: { children: ReactNode; initial?: Address; prepare?: PrepareAddress }) {
  const [start] = useState<Address>(() => initial ?? browserAddress());
  const [address, setAddress] = useState(start);
  useEffect(() => {
    // the latest address asked for: a navigation overtaken while its code loaded is not shown
    let latest = 0;
    // the path of the last address asked for (the first render's at first)
    let asked = start.path;
    const show = (next: Address) => startTransition(() => setAddress((shown) => (shown.path === next.path && shown.search === next.search ? shown : next)));
    const follow = () => {
      focusedWhenAsked = document.activeElement;
      const next = browserAddress();
      const ticket = ++latest;
      const from = asked;
      asked = next.path;
      const load = prepare?.(next.path, from) ?? null;
      if (!load) return show(next);
      let waiting = true;
      const go = () => {
        if (!waiting) return;
        waiting = false;
        clearTimeout(timer);
        // a code that failed to arrive shows as the view's error (its boundary), as before; data
        // that failed to be read ahead is read by the screen's own queries
        if (ticket === latest) show(next);
      };
      const timer = setTimeout(go, NEXT_SCREEN_WAIT_MAX_MS);
      // asked for in a task after the tap's: the chunk's import appends its style sheet, and in the
      // tap's own task that was 6–11 ms more at 4× CPU before the menu's closing could be painted
      void nextTask()
        .then(() => (waiting ? load() : undefined))
        .then(go, go);
    };
    for (const type of ADDRESS_EVENTS) addEventListener(type, follow);
    // an address changed between the first render and this effect (a redirect's replaceState)
    follow();
    return () => {
      latest = -1;
      for (const type of ADDRESS_EVENTS) removeEventListener(type, follow);
    };
  }, [prepare, start]);
  return <AddressContext.Provider value={address}>{children}</AddressContext.Provider>;
}

function useAddress(): Address {
  const address = useContext(AddressContext);
  if (!address) throw new Error('useAddress outside TransitionAddress');
  return address;
}

/** wouter's `hook`: the path of the transition's address, and wouter's own navigate (history.pushState). */
export const useTransitionLocation = (): [string, typeof navigate] => [useAddress().path, navigate];

/** wouter's `searchHook`. */
export const useTransitionSearch = (): string => useAddress().search;
