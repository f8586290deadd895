// @vitest-environment happy-dom
// The screen stays on while the code is shown (issue 26 item 4): the browser's Screen Wake Lock
// API, faked here (a browser global); the hook itself runs as it is.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreenWakeLock } from './use-screen-wake-lock';

class FakeLock extends EventTarget {
  released = false;
  async release() {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

function fakeWakeLock(refuse = false) {
  const locks: FakeLock[] = [];
  const api = {
    requests: 0,
    async request(type: string) {
      api.requests += 1;
      if (type !== 'screen' || refuse) throw new DOMException('not allowed', 'NotAllowedError');
      const lock = new FakeLock();
      locks.push(lock);
      return lock;
    },
  };
  Object.defineProperty(navigator, 'wakeLock', { value: api, configurable: true });
  return { api, locks };
}

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  visibility = 'visible';
});

const settle = () => act(async () => {});

describe('useScreenWakeLock', () => {
  it('asks for the screen lock when shown and releases it when left', async () => {
    const { api, locks } = fakeWakeLock();
    const { result, unmount } = renderHook(() => useScreenWakeLock());
    await settle();
    expect(api.requests).toBe(1);
    expect(result.current).toBe('held');
    unmount();
    await settle();
    expect(locks.map((l) => l.released)).toEqual([true]);
  });

  it('asks again when the page comes back into view (the browser released it when hidden)', async () => {
    const { api, locks } = fakeWakeLock();
    const { result } = renderHook(() => useScreenWakeLock());
    await settle();
    visibility = 'hidden';
    await act(async () => {
      await locks[0]?.release();
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe('pending');
    expect(api.requests).toBe(1);
    visibility = 'visible';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(api.requests).toBe(2);
    expect(result.current).toBe('held');
  });

  it('a refusal or a browser without the API: the code shows all the same, nothing is held', async () => {
    fakeWakeLock(true);
    const refused = renderHook(() => useScreenWakeLock());
    await settle();
    expect(refused.result.current).toBe('refused');
    refused.unmount();
    Reflect.deleteProperty(navigator, 'wakeLock');
    const none = renderHook(() => useScreenWakeLock());
    expect(none.result.current).toBe('unavailable');
  });
});
