import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the microtasks queued before it and the current task have run', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await done;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });

  it('goes on without the page\'s timers (a hidden tab throttles them, a test may hold them)', async () => {
    const original = globalThis.setTimeout;
    globalThis.setTimeout = (() => {
      throw new Error('no timer');
    }) as unknown as typeof setTimeout;
    try {
      await expect(nextTask()).resolves.toBeUndefined();
    } finally {
      globalThis.setTimeout = original;
    }
  });
});
