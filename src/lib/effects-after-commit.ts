// When effects run (decision 0038). The first render's effects wait for its paint, as React's
// do: they start the data layer's files and the live queries, which must not delay the first
// paint (nor count before it in Lighthouse's estimate of it). Later effects run in a task of
// their own right after their render. Preact's default waits for the next animation frame and
// then a timer every time: no frame comes in a hidden tab, and no timer while the page's clock is
// held (the end-to-end tests that stop time), so a subscription made in an effect would never be
// made. A message port's task is neither throttled nor faked.
import { options } from 'preact';

const queue: Array<() => void> = [];
let channel: MessageChannel | null = null;
let painted = false;

function flush(): void {
  for (const run of queue.splice(0)) run();
}

export function runEffectsAfterCommit(): void {
  if (typeof MessageChannel !== 'function') return;
  channel ??= new MessageChannel();
  channel.port1.onmessage = flush;
  const post = () => channel?.port2.postMessage(null);
  options.requestAnimationFrame = (run) => {
    queue.push(run);
    if (queue.length > 1) return;
    if (painted || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') post();
    else
      requestAnimationFrame(() => {
        painted = true;
        post();
      });
  };
}
