// Work that must not delay the first paint (the data layer's files, the live queries) starts
// in the frame after it: a requestAnimationFrame callback inside another runs only once the
// first frame has been produced.

/**
 * Runs `run` in the frame after the next one. A page that paints no frame (hidden: a tab opened
 * in the background) would hold it until it is shown; with `atMostMs` it runs by then at the
 * latest. `run` learns which came: `drawn` is false when the bound ran it. Returns a cancel.
 */
export function afterNextPaint(run: (drawn: boolean) => void, atMostMs?: number): () => void {
  let inner = 0;
  const cancel = () => {
    cancelAnimationFrame(outer);
    cancelAnimationFrame(inner);
    clearTimeout(timer);
  };
  const once = (drawn: boolean) => {
    cancel();
    run(drawn);
  };
  const outer = requestAnimationFrame(() => {
    inner = requestAnimationFrame(() => once(true));
  });
  const timer = atMostMs === undefined ? undefined : setTimeout(() => once(false), atMostMs);
  return cancel;
}
