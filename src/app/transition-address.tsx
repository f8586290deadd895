// The address the router shows, as React state set in a transition. wouter's own location hook
// reads the address with useSyncExternalStore, and React renders an external store's changes
// synchronously: every navigation (a link, a redirect, the back button) rendered its whole new
// screen in one task, 200 ms and more on a phone for a data screen. Set in a transition, the new
// screen renders in slices that yield to input and painting, and the screen on view stays until
// the next one is ready (its code loaded too) instead of falling back to a spinner. Path and query
// are one state, so a screen never sees the new path with the old query.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';

export interface Address {
  path: string;
  /** without the leading "?", as wouter's search hook gives it */
  search: string;
}

/** The events wouter's browser location listens to (it patches pushState and replaceState to dispatch theirs). */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

const browserAddress = (): Address => ({ path: location.pathname, search: location.search.replace(/^\?/, '') });

const AddressContext = createContext<Address | null>(null);

export function TransitionAddress({ children, initial }: { children: ReactNode; initial?: Address }) {
  const [address, setAddress] = useState<Address>(() => initial ?? browserAddress());
  useEffect(() => {
    const follow = () => {
      const next = browserAddress();
      startTransition(() => setAddress((shown) => (shown.path === next.path && shown.search === next.search ? shown : next)));
    };
    for (const type of ADDRESS_EVENTS) addEventListener(type, follow);
    // an address changed between the first render and this effect (a redirect's replaceState)
    follow();
    return () => {
      for (const type of ADDRESS_EVENTS) removeEventListener(type, follow);
    };
  }, []);
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
