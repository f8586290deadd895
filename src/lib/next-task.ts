// Work split into tasks, so none of them blocks the page long (a tap waits for the task under
// way): `await nextTask()` goes on in a task of its own. A message port's task, as in
// React's scheduler: neither throttled in a hidden tab (timers there wait up to a minute)
// nor held by a faked clock.

/** Resolves in a new task (after what is queued already: input, rendering, other tasks). */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
