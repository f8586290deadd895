// Work that must not delay the first paint (the data layer's files, the live queries) starts
// in the frame after it: a requestAnimationFrame callback inside another runs only once the
// first frame has been produced.

/** Runs `run` in the frame after the next one. Returns a cancel. */
export function afterNextPaint(run: () => void): () => void {
  let inner = 0;
  const outer = requestAnimationFrame(() => {
    inner = requestAnimationFrame(run);
  });
  return () => {
    cancelAnimationFrame(outer);
    cancelAnimationFrame(inner);
  };
}
