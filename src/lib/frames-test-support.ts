import { vi } from 'vitest';

/**
 * requestAnimationFrame and cancelAnimationFrame stubbed for a unit test: no frame comes until the
 * test calls `nextFrame`, which runs the callbacks asked for before it (a cancelled one aside);
 * those asked for inside them wait for the next call, as in a browser. Undone by
 * `vi.unstubAllGlobals()`.
 */
export function stubAnimationFrames(): { nextFrame: () => void } {
  const callbacks: Array<FrameRequestCallback | undefined> = [];
  let due = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callbacks.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => void (callbacks[id - 1] = undefined));
  return {
    nextFrame: () => {
      const end = callbacks.length;
      for (; due < end; due++) {
        const callback = callbacks[due];
        callbacks[due] = undefined;
        callback?.(0);
      }
    },
  };
}
