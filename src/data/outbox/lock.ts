// One replay at a time across the tabs of this origin: the Web Locks API where the browser
// has it (navigator.locks), else an in-process mutex (one tab, tests, old browsers).
export type Lock = <T>(run: () => Promise<T>) => Promise<T>;

export function mutex(): Lock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>) => {
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
}

type Locks = { request: <T>(name: string, callback: () => Promise<T>) => Promise<T> };

/** One mutex per name in this process: every replayer of the page shares it. */
const local = new Map<string, Lock>();

export function outboxLock(name = 'outbox'): Lock {
  const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
  if (locks?.request) return (run) => locks.request(name, run);
  let lock = local.get(name);
  if (!lock) local.set(name, (lock = mutex()));
  return lock;
}
