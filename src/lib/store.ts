// The one shape of every observable in the app: get/subscribe for React's
// useSyncExternalStore and for code outside React, set for the owner. A set that changes
// nothing (same value, or the same fields for an update) notifies nobody, so a store can be
// fed freely without re-rendering its readers.

export type Listener = () => void;

export interface ReadableStore<T> {
  get: () => T;
  /** Called after every change (not at subscription: read get()). Returns the unsubscribe. */
  subscribe: (listener: Listener) => () => void;
}

export interface Store<T> extends ReadableStore<T> {
  /** Replaces the value (or derives it from the current one). */
  set: (next: T | ((current: T) => T)) => void;
}

export interface StoreOptions<T> {
  /** when two values count as the same (default Object.is) */
  equals?: (a: T, b: T) => boolean;
}

export function createStore<T>(initial: T, options: StoreOptions<T> = {}): Store<T> {
  const equals = options.equals ?? Object.is;
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (equals(value, resolved)) return;
      value = resolved;
      // a copy: a listener that unsubscribes (or subscribes) while notified must not change this round
      [...listeners].forEach((l) => l());
    },
  };
}

/** Equal when both objects hold the same value under every key (one level deep). */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/** An event without state (a command was queued, a pull failed): emit to whoever listens now. */
export interface Signal<E> {
  on: (listener: (event: E) => void) => () => void;
  emit: (event: E) => void;
}

export function createSignal<E = void>(): Signal<E> {
  const listeners = new Set<(event: E) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      [...listeners].forEach((l) => l(event));
    },
  };
}
