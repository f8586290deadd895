import { useSyncExternalStore } from 'react';

// The browser's idea of the connection (navigator.onLine and its online/offline events), for
// screens whose data only the network has (catalogue look-ups: the generics calculator, the
// patient information of a product that is not prescribed).
const subscribe = (change: () => void) => {
  globalThis.addEventListener?.('online', change);
  globalThis.addEventListener?.('offline', change);
  return () => {
    globalThis.removeEventListener?.('online', change);
    globalThis.removeEventListener?.('offline', change);
  };
};
const read = () => globalThis.navigator?.onLine !== false;

/** false while the browser says it is offline; the page re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
