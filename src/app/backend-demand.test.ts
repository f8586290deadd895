import { describe, expect, it, vi } from 'vitest';
import { storedSessionKey } from '../data/stored-session';
import { backendNeededAtOnce, isPublicPath, loadBackendUntilLoaded, onInteraction } from './backend-demand';

const storage = (entries: Record<string, string> = {}) => ({ getItem: (key: string) => entries[key] ?? null });
const SESSION = JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'u1' } });

describe('backendNeededAtOnce', () => {
  it('not for a visitor on a public page', () => {
    for (const pathname of ['/', '/login', '/generics', '/generics/calculator', '/prescriptiontutorial', '/fr/login', '/nowhere']) {
      expect(backendNeededAtOnce({ pathname, hash: '' }, storage())).toBe(false);
    }
  });

  it('for a stored session (a patient coming back), also on a public page', () => {
    expect(backendNeededAtOnce({ pathname: '/', hash: '' }, storage({ [storedSessionKey()]: SESSION }))).toBe(true);
    expect(backendNeededAtOnce({ pathname: '/', hash: '' }, storage({ [storedSessionKey()]: '{"broken"' }))).toBe(false);
  });

  it("for a mailed link's answer in the address", () => {
    expect(backendNeededAtOnce({ pathname: '/', hash: '#access_token=x&type=signup' }, storage())).toBe(true);
    expect(backendNeededAtOnce({ pathname: '/login', hash: '#error=access_denied&error_code=otp_expired' }, storage())).toBe(true);
    expect(backendNeededAtOnce({ pathname: '/generics', hash: '#main' }, storage())).toBe(false);
  });

  it('for a route that is not public (spec §6), a redirect to one and a prefixed one', () => {
    for (const pathname of ['/dashboard', '/prescriptions', '/profile', '/de/orders', '/order/orderfinish']) {
      expect(backendNeededAtOnce({ pathname, hash: '' }, storage())).toBe(true);
    }
    expect(backendNeededAtOnce({ pathname: '/dashboard', hash: '' }, undefined)).toBe(true);
    expect(isPublicPath('/generics/calculator')).toBe(true);
  });
});

describe('onInteraction', () => {
  it('runs once, on the first pointer, key or touch, or a storage event; cancel stops it', () => {
    for (const type of ['pointerdown', 'keydown', 'touchstart', 'storage']) {
      const target = new EventTarget() as unknown as Window;
      const run = vi.fn();
      onInteraction(run, target);
      target.dispatchEvent(new Event(type));
      target.dispatchEvent(new Event(type));
      target.dispatchEvent(new Event('keydown'));
      expect(run, type).toHaveBeenCalledTimes(1);
    }
    const target = new EventTarget() as unknown as Window;
    const run = vi.fn();
    onInteraction(run, target)();
    target.dispatchEvent(new Event('pointerdown'));
    expect(run).not.toHaveBeenCalled();
  });
});

describe('loadBackendUntilLoaded', () => {
  const backend = { sessionStore: {}, appSession: {} } as never;

  it('tries again when the browser is back online, without waiting for the pause', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(backend);
    const loaded = vi.fn();
    loadBackendUntilLoaded(loaded, { load, target, pauses: [60_000], isOnline: () => false, reload: vi.fn() });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(loaded).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledWith(backend));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a try begun offline whose failure arrives after the browser is back online is followed by the next at once', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    let fail = (_error: Error) => {};
    const load = vi
      .fn()
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)))
      .mockResolvedValue(backend);
    const loaded = vi.fn();
    loadBackendUntilLoaded(loaded, { load, target, pauses: [30_000], isOnline: () => false, reload: vi.fn() });
    expect(load).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('online')); // while the first try is on its way
    expect(load).toHaveBeenCalledTimes(1);
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).toHaveBeenCalledWith(backend);
    target.dispatchEvent(new Event('online')); // loaded: nothing more is asked for
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('tries again after a growing pause while the browser says nothing, and stops when cancelled', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const cancel = loadBackendUntilLoaded(vi.fn(), { load, target: new EventTarget(), pauses: [1000, 2000], isOnline: () => false, reload: vi.fn() });
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  // Chromium keeps a file that failed to arrive failed for the life of the page
  it('a file of the data layer that failed while the browser is online has the page loaded anew; offline, or a failure that is not a missing file, does not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const missing = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/app-session.js');
    for (const [online, error, reloads] of [
      [true, missing, 1],
      [false, missing, 0],
      [true, new Error('the data layer threw while it was evaluated'), 0],
    ] as const) {
      const reload = vi.fn();
      const cancel = loadBackendUntilLoaded(vi.fn(), { load: vi.fn().mockRejectedValue(error), target: new EventTarget(), pauses: [60_000], isOnline: () => online, reload });
      await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith(error));
      expect(reload).toHaveBeenCalledTimes(reloads);
      cancel();
    }
  });
});
