// A file of the app's code that failed to arrive: the page is loaded anew once the server answers,
// never while it cannot be reached, and not again and again (reload-for-failed-code.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCodeLoadFailure, PROBE_PAUSE_MS, RELOAD_GUARD_MS, reloadForFailedCode, resetReloadForFailedCode, type ReloadDeps } from './reload-for-failed-code';

function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = Object.assign(target, {
    navigator: { onLine },
    location: { href: 'http://127.0.0.1/profile/basedata', reload },
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) as unknown as number,
    clearTimeout: (id: number | undefined) => clearTimeout(id),
  });
  return { win: win as unknown as ReloadDeps['win'] & EventTarget, reload, navigator: win.navigator };
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

afterEach(() => {
  resetReloadForFailedCode();
  vi.useRealTimers();
});

describe('isCodeLoadFailure', () => {
  it.each([
    ['Failed to fetch dynamically imported module: http://x/assets/a.js', true],
    ['error loading dynamically imported module: http://x/assets/a.js', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for http://x/assets/a.css', true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => {
    expect(isCodeLoadFailure(new TypeError(message))).toBe(expected);
  });
});

describe('reloadForFailedCode', () => {
  it('reloads at once when the server answers, and not a second time within the guard', async () => {
    vi.useFakeTimers();
    const { win, reload } = fakeWindow(true);
    const storage = memoryStorage();
    let now = 1_000_000;
    const probe = vi.fn(async () => true);
    reloadForFailedCode({ win, storage, probe, now: () => now });
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledWith('http://127.0.0.1/profile/basedata');
    expect(reload).toHaveBeenCalledTimes(1);

    // the reloaded page fails again at once: the error view's button is the patient's
    resetReloadForFailedCode();
    now += RELOAD_GUARD_MS - 1;
    reloadForFailedCode({ win, storage, probe, now: () => now });
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    resetReloadForFailedCode();
    now += 1;
    reloadForFailedCode({ win, storage, probe, now: () => now });
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline it waits for the browser to be back online; a server that does not answer is asked again after a pause', async () => {
    vi.useFakeTimers();
    const { win, reload, navigator } = fakeWindow(false);
    const probe = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
    reloadForFailedCode({ win, storage: memoryStorage(), probe, now: () => 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).not.toHaveBeenCalled();
    navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1); // no answer yet
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROBE_PAUSE_MS);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('without session storage (blocked) it never reloads by itself: nothing would stop a loop', async () => {
    const { win, reload } = fakeWindow(true);
    const probe = vi.fn(async () => true);
    reloadForFailedCode({ win, storage: undefined, probe, now: () => 0 });
    await Promise.resolve();
    expect(probe).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
