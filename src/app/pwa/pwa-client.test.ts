import { describe, expect, it, vi } from 'vitest';
import {
  OFFLINE_READY_MESSAGE,
  RELOAD_FALLBACK_MS,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_MIN_GAP_MS,
  connectWorkbox,
  type PwaDeps,
  type WorkboxLike,
} from './pwa-client';
import { createPwaStore } from './pwa-store';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

function setup({ online = true, controlled = false, runsInstalled = false } = {}) {
  let installedListener: (() => void) | null = null;
  const listeners = new Map<string, Listener[]>();
  const wb = {
    addEventListener: (type: string, l: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), l]),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  } satisfies WorkboxLike;
  const fire = (type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) => listeners.get(type)?.forEach((l) => l(event));
  const winListeners = new Map<string, () => void>();
  const docListeners = new Map<string, () => void>();
  let now = 1_000_000;
  let intervalFn: (() => void) | null = null;
  let intervalMs = 0;
  const timeouts: Array<{ fn: () => void; ms: number }> = [];
  const doc = { visibilityState: 'visible' as DocumentVisibilityState };
  const store = createPwaStore();
  const deps: PwaDeps = {
    store,
    installation: { runsInstalled: () => runsInstalled, onInstalled: (l) => void (installedListener = l) },
    controlled: () => controlled,
    notify: vi.fn(),
    reload: vi.fn(),
    now: () => now,
    isOnline: () => online,
    win: {
      addEventListener: (type: string, fn: () => void) => void winListeners.set(type, fn),
      removeEventListener: (type: string) => void winListeners.delete(type),
    },
    doc: {
      get visibilityState() {
        return doc.visibilityState;
      },
      addEventListener: (type: string, fn: () => void) => void docListeners.set(type, fn),
      removeEventListener: (type: string) => void docListeners.delete(type),
    },
    setInterval: (fn, ms) => {
      intervalFn = fn;
      intervalMs = ms;
      return 1;
    },
    clearInterval: () => {
      intervalFn = null;
    },
    setTimeout: (fn, ms) => timeouts.push({ fn, ms }),
  };
  const connection = connectWorkbox(wb, deps);
  return {
    wb,
    fire,
    deps,
    store,
    connection,
    doc,
    timeouts,
    winListeners,
    docListeners,
    advance: (ms: number) => (now += ms),
    tick: () => intervalFn?.(),
    intervalMs: () => intervalMs,
    setOnline: (value: boolean) => (online = value),
    appInstalled: () => installedListener?.(),
  };
}

describe('connectWorkbox', () => {
  it('registers the service worker', () => {
    const { wb } = setup();
    expect(wb.register).toHaveBeenCalledTimes(1);
  });

  // issue 22: the bubble greeted first-time visitors in the browser tab and covered the login
  // fields; it says the app is on this device, so it shows once the app is installed
  it('says nothing when the worker is first installed in a browser tab', () => {
    const t = setup();
    t.fire('activated', {});
    expect(t.deps.notify).not.toHaveBeenCalled();
  });

  it('says the app is stored on this device once it is installed, once', () => {
    const t = setup();
    t.fire('activated', {});
    t.appInstalled();
    t.appInstalled();
    expect(t.deps.notify).toHaveBeenCalledTimes(1);
    expect(t.deps.notify).toHaveBeenCalledWith('success', OFFLINE_READY_MESSAGE);
  });

  it('an install before the worker is ready is told when it is ready; an update is not an install', () => {
    const t = setup();
    t.appInstalled();
    expect(t.deps.notify).not.toHaveBeenCalled();
    t.fire('activated', { isUpdate: true });
    t.fire('activated', { isExternal: true });
    expect(t.deps.notify).not.toHaveBeenCalled();
    t.fire('activated', {});
    expect(t.deps.notify).toHaveBeenCalledWith('success', OFFLINE_READY_MESSAGE);
  });

  it('installed with a worker from an earlier visit: told at once on the install', () => {
    const t = setup({ controlled: true });
    t.appInstalled();
    expect(t.deps.notify).toHaveBeenCalledWith('success', OFFLINE_READY_MESSAGE);
  });

  it('the first install of the worker inside the installed app is told; later starts of it are not', () => {
    const first = setup({ runsInstalled: true });
    first.fire('activated', {});
    expect(first.deps.notify).toHaveBeenCalledTimes(1);
    const later = setup({ runsInstalled: true, controlled: true });
    expect(later.deps.notify).not.toHaveBeenCalled();
  });

  it('offers a waiting version and activates it only when the user accepts, then reloads once it controls', () => {
    const t = setup();
    t.fire('waiting');
    expect(t.store.get().status).toBe('available');
    expect(t.wb.messageSkipWaiting).not.toHaveBeenCalled();
    // a controller change the user did not ask for (first install, another tab) does not reload
    t.fire('controlling', { isExternal: true });
    expect(t.deps.reload).not.toHaveBeenCalled();

    t.store.accept();
    expect(t.store.get().status).toBe('updating');
    expect(t.wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(t.deps.reload).not.toHaveBeenCalled();
    t.fire('controlling', {});
    expect(t.deps.reload).toHaveBeenCalledTimes(1);
    // the fallback timer does not reload a second time
    expect(t.timeouts).toHaveLength(1);
    expect(t.timeouts[0]?.ms).toBe(RELOAD_FALLBACK_MS);
    t.timeouts[0]?.fn();
    expect(t.deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the new version has not taken over after the fallback time', () => {
    const t = setup();
    t.fire('waiting', { isExternal: true });
    t.store.accept();
    t.timeouts[0]?.fn();
    expect(t.deps.reload).toHaveBeenCalledTimes(1);
  });

  it('"later" hides the notice; a newer version offers it again', () => {
    const t = setup();
    t.fire('waiting');
    t.store.dismiss();
    expect(t.store.get().status).toBe('dismissed');
    t.fire('waiting');
    expect(t.store.get().status).toBe('available');
  });

  it('checks for updates on focus and on becoming visible, at most once a minute', () => {
    const t = setup();
    t.winListeners.get('focus')?.();
    expect(t.wb.update).not.toHaveBeenCalled(); // registering just checked
    t.advance(UPDATE_CHECK_MIN_GAP_MS);
    t.winListeners.get('focus')?.();
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    t.advance(30_000);
    t.docListeners.get('visibilitychange')?.();
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    t.advance(30_000);
    t.doc.visibilityState = 'hidden';
    t.docListeners.get('visibilitychange')?.();
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    t.doc.visibilityState = 'visible';
    t.docListeners.get('visibilitychange')?.();
    expect(t.wb.update).toHaveBeenCalledTimes(2);
  });

  it('checks hourly, but not while offline, and survives a failing check', async () => {
    const t = setup();
    expect(t.intervalMs()).toBe(UPDATE_CHECK_INTERVAL_MS);
    t.wb.update.mockRejectedValueOnce(new Error('offline'));
    t.advance(UPDATE_CHECK_INTERVAL_MS);
    t.tick();
    expect(t.wb.update).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    t.setOnline(false);
    t.advance(UPDATE_CHECK_INTERVAL_MS);
    t.tick();
    expect(t.wb.update).toHaveBeenCalledTimes(1);
  });

  it('dispose removes the listeners and the timer', () => {
    const t = setup();
    t.connection.dispose();
    expect(t.winListeners.size).toBe(0);
    expect(t.docListeners.size).toBe(0);
    t.advance(UPDATE_CHECK_INTERVAL_MS);
    t.tick();
    expect(t.wb.update).not.toHaveBeenCalled();
  });
});
