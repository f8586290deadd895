// What a screen renders in slices (React's `startTransition`, one slice per frame): the first
// render shows the first `first` parts (what a phone's first screen holds), and each frame after
// it adds `perFrame` more. The browser then styles and lays out a few parts per frame instead of
// the whole screen at once: the first full layout of a signed-in screen with its data was one
// task of 55–120 ms at 4× CPU (docs/performance.md). Only for parts that end a screen (a list, the
// sections below the first screen): a part that arrives later must not push anything in sight.
import { startTransition, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../lib/after-paint';
import { holdScreen, SCREEN_WAIT_MAX_MS } from '../lib/screen-shown';

export interface SliceOptions {
  /** another key (the other side of a list) starts over with its first parts */
  key?: string;
  /** parts of the first render */
  first: number;
  /** parts added per frame after it */
  perFrame: number;
  /** everything at once */
  whole?: boolean;
}

/** How many of `total` parts to render now. Once all have been shown for a key, a change of `total` shows at once. */
export function useSlices(total: number, { key = '', first, perFrame, whole = false }: SliceOptions): number {
  const [shown, setShown] = useState({ key, count: first });
  // the key whose parts have all been shown (a note, no render needed)
  const complete = useRef<string | null>(null);
  const done = whole || complete.current === key;
  const count = done ? Infinity : shown.key === key ? shown.count : first;
  // parts still to come hold what waits for the screen to be whole (lib/screen-shown.ts)
  const showing = !done && count < total;
  useEffect(() => (showing ? holdScreen() : undefined), [showing]);

  useEffect(() => {
    if (done) return;
    if (count >= total) {
      // nothing yet stays open: the parts may come later, and then in slices
      if (total > 0) complete.current = key;
      return;
    }
    // a hidden page has no frames to wait for (and nobody sees its layout)
    if (document.visibilityState === 'hidden') {
      const timer = setTimeout(() => startTransition(() => setShown({ key, count: total })), 0);
      return () => clearTimeout(timer);
    }
    // a visible page that draws no frame (a headless browser under load has shown it) would hold
    // the rest for as long: after SCREEN_WAIT_MAX_MS without a frame it comes at once, as on a hidden page
    return afterNextPaint((drawn) => startTransition(() => setShown({ key, count: drawn ? count + perFrame : total })), SCREEN_WAIT_MAX_MS);
  }, [done, count, key, total, perFrame]);

  return Math.min(count, total);
}
