import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore, NOTIFICATION_MS } from './notification-store';

describe('notification store', () => {
  // spec §9 "Notification display time: 3500 ms."
  it('keeps a bubble for 3.5 s and removes it then', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    store.notify('danger', 'error.network');
    vi.advanceTimersByTime(NOTIFICATION_MS - 1);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
    vi.useRealTimers();
  });

  it('stacks bubbles in order and lets each vanish on its own clock', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.list().length));
    store.notify('info', 'a.first');
    vi.advanceTimersByTime(1000);
    store.notify('success', 'a.second', { n: 2 });
    expect(store.list().map((n) => n.messageId)).toEqual(['a.first', 'a.second']);
    vi.advanceTimersByTime(2500);
    expect(store.list().map((n) => n.messageId)).toEqual(['a.second']);
    vi.advanceTimersByTime(1000);
    expect(store.list()).toEqual([]);
    expect(seen).toEqual([1, 2, 1, 0]);
    vi.useRealTimers();
  });

  it('dismisses early on request, and a later timer does nothing', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    const listener = vi.fn();
    const id = store.notify('warning', 'a.b');
    store.subscribe(listener);
    store.dismiss(id);
    vi.advanceTimersByTime(NOTIFICATION_MS);
    expect(store.list()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
