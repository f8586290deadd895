// Sync state (docs/architecture.md, 4 Sync state; spec §8 lost realtime connection): a loss shows
// after 1.5 s, a flicker shows nothing, a return shows at once and calls onReconnect.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionLost, createSyncState, followBrowserConnection, SYNC_DEBOUNCE_MS, unsentCount } from './sync-state';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const make = () => {
  const state = createSyncState({ online: true, timers: globalThis as never });
  const reconnects = vi.fn();
  const changes = vi.fn();
  state.onReconnect(reconnects);
  state.subscribe(changes);
  return { state, reconnects, changes };
};

describe('offline', () => {
  it('shows only after 1.5 s of being offline', () => {
    const { state } = make();
    state.setOnline(false);
    vi.advanceTimersByTime(SYNC_DEBOUNCE_MS - 1);
    expect(state.get().online).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.get().online).toBe(false);
    expect(connectionLost(state.get())).toBe(true);
  });

  it('a flicker (offline, back within 1.5 s) shows nothing but still counts as a reconnect', () => {
    const { state, reconnects, changes } = make();
    state.setOnline(false);
    vi.advanceTimersByTime(1000);
    state.setOnline(true);
    vi.advanceTimersByTime(5000);
    expect(state.get().online).toBe(true);
    expect(changes).not.toHaveBeenCalled();
    expect(reconnects).toHaveBeenCalledTimes(1);
  });

  it('back online shows at once and calls onReconnect once', () => {
    const { state, reconnects } = make();
    state.setOnline(false);
    vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    state.setOnline(false); // a repeated offline event does not restart the wait
    state.setOnline(true);
    expect(state.get().online).toBe(true);
    state.setOnline(true);
    expect(reconnects).toHaveBeenCalledTimes(1);
  });
});

describe('realtime', () => {
  it('null (no subscription) is not a loss; down shows after 1.5 s; up again clears it at once', () => {
    const { state, reconnects } = make();
    expect(connectionLost(state.get())).toBe(false);
    state.setRealtimeConnected(true);
    expect(reconnects).not.toHaveBeenCalled(); // the first join is no return
    state.setRealtimeConnected(false);
    vi.advanceTimersByTime(SYNC_DEBOUNCE_MS - 1);
    expect(connectionLost(state.get())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(state.get().realtimeConnected).toBe(false);
    expect(connectionLost(state.get())).toBe(true);
    state.setRealtimeConnected(true);
    expect(connectionLost(state.get())).toBe(false);
    expect(reconnects).toHaveBeenCalledTimes(1);
  });

  it('a dropped socket that rejoins within 1.5 s shows nothing', () => {
    const { state } = make();
    state.setRealtimeConnected(true);
    const seen: boolean[] = [];
    state.subscribe(() => seen.push(connectionLost(state.get())));
    state.setRealtimeConnected(false);
    vi.advanceTimersByTime(800);
    state.setRealtimeConnected(true);
    vi.advanceTimersByTime(3000);
    expect(seen).not.toContain(true);
  });

  it('reset (signed out) drops realtime and the outbox figures at once', () => {
    const { state } = make();
    state.setRealtimeConnected(false);
    state.setOutboxCounts({ pendingCount: 2, rejectedCount: 1 });
    state.reset();
    vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    expect(state.get()).toMatchObject({ realtimeConnected: null, pendingCount: 0, rejectedCount: 0 });
  });
});

describe('outbox figures', () => {
  it('counts and replay status pass straight through; unsent = pending + rejected', () => {
    const { state, changes } = make();
    state.setOutboxCounts({ pendingCount: 2, rejectedCount: 1 });
    state.setReplay({ lastError: { code: 'network', message: '' }, lastSyncAt: null, nextAttemptAt: 5000, paused: null });
    expect(state.get()).toMatchObject({ pendingCount: 2, rejectedCount: 1, lastError: { code: 'network' }, nextAttemptAt: 5000 });
    expect(unsentCount(state.get())).toBe(3);
    const calls = changes.mock.calls.length;
    state.setOutboxCounts({ pendingCount: 2, rejectedCount: 1 }); // same figures: no update
    expect(changes.mock.calls.length).toBe(calls);
  });
});

describe('followBrowserConnection', () => {
  // the notice must not wait for the data layer: the browser's events reach the state from the start
  it("feeds the browser's offline and online events into the state until stopped", () => {
    const { state, reconnects } = make();
    const win = new EventTarget();
    const stop = followBrowserConnection(state, win);
    win.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    expect(connectionLost(state.get())).toBe(true);
    win.dispatchEvent(new Event('online'));
    expect(state.get().online).toBe(true);
    expect(reconnects).toHaveBeenCalledOnce();
    stop();
    win.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    expect(state.get().online).toBe(true);
  });
});
