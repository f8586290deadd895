// What the screen on display still has to show: a slice to render (ui/use-slices.ts), a part
// whose chunk is on its way. Work that may wait for it (the data layer's files, Dexie for the
// live queries, the outbox's commands) waits until the screen is whole: the screen's own files
// and frames come first, also on a slow network where every file beside them is bandwidth
// taken from them. The wait is bounded, so a part that never arrives holds nothing for long.
import { afterNextPaint } from './after-paint';

/** The longest a waiting task waits after it was asked for, screen shown or not. */
export const SCREEN_WAIT_MAX_MS = 1500;

let held = 0;
const waiting = new Set<() => void>();

/** Marks work of the screen under way; the function returned ends it (once). */
export function holdScreen(): () => void {
  held += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= 1;
    if (held === 0) for (const resume of [...waiting]) resume();
  };
}

/** Whether the screen has work under way (for tests). */
export function screenBusy(): boolean {
  return held > 0;
}

/**
 * Runs `run` once the screen has shown what it holds: in the frame after the next paint when
 * nothing is held then, else in the frame after the paint of the last part, at the latest
 * `maxWaitMs` after this call. Returns a cancel.
 */
export function afterScreenShown(run: () => void, maxWaitMs: number = SCREEN_WAIT_MAX_MS): () => void {
  let done = false;
  let cancelPaint: () => void = () => undefined;
  const stop = () => {
    done = true;
    waiting.delete(resume);
    clearTimeout(timer);
    cancelPaint();
  };
  const finish = () => {
    if (done) return;
    stop();
    run();
  };
  // a part that began in the frame of the last one's end (a redirect's next screen) is waited for too
  const check = () => (held === 0 ? finish() : waiting.add(resume));
  const resume = () => {
    waiting.delete(resume);
    cancelPaint();
    cancelPaint = afterNextPaint(check);
  };
  // a hidden page paints no frame: the bound runs it there too
  const timer = setTimeout(finish, maxWaitMs);
  cancelPaint = afterNextPaint(check);
  return stop;
}
