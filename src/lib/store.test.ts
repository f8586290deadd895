import { describe, expect, it, vi } from 'vitest';
import { createSignal, createStore, shallowEqual } from './store';

describe('createStore', () => {
  it('notifies on a change, not on the same value', () => {
    const store = createStore(1);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(1);
    expect(listener).not.toHaveBeenCalled();
    store.set((n) => n + 1);
    expect(store.get()).toBe(2);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('with shallowEqual an object with the same fields is no change', () => {
    const store = createStore({ a: 1, b: 'x' }, { equals: shallowEqual });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ a: 1, b: 'x' });
    expect(listener).not.toHaveBeenCalled();
    store.set((s) => ({ ...s, b: 'y' }));
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get()).toEqual({ a: 1, b: 'y' });
  });

  it('unsubscribing stops the notifications; a listener may unsubscribe while notified', () => {
    const store = createStore(0);
    const calls: string[] = [];
    const offA = store.subscribe(() => {
      calls.push('a');
      offA();
    });
    store.subscribe(() => calls.push('b'));
    store.set(1);
    store.set(2);
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});

describe('shallowEqual', () => {
  it('compares one level deep', () => {
    expect(shallowEqual({ a: 1 }, { a: 1 })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 1, b: 2 } as { a: number })).toBe(false);
    expect(shallowEqual({ a: [1] }, { a: [1] })).toBe(false);
  });
});

describe('createSignal', () => {
  it('delivers each event to the listeners of the moment', () => {
    const signal = createSignal<number>();
    const seen: number[] = [];
    const off = signal.on((n) => seen.push(n));
    signal.emit(1);
    off();
    signal.emit(2);
    expect(seen).toEqual([1]);
  });
});
