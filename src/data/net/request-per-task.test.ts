// The app client's requests go one per task (request-per-task.ts): a burst asked for in one task
// is spread over as many tasks, in the order asked; a lone request is not held back.
import { describe, expect, it } from 'vitest';
import { nextTask } from '../../lib/next-task';
import { oneRequestPerTask } from './request-per-task';

/** A fetch that notes, for each request, the task it was sent in (a counter moved by each new task). */
function recordingFetch() {
  let task = 0;
  let ticking = true;
  const tick = async () => {
    while (ticking) {
      await nextTask();
      task += 1;
    }
  };
  void tick();
  const sent: Array<{ url: string; task: number }> = [];
  const base = (async (input: RequestInfo | URL) => {
    sent.push({ url: String(input), task });
    return new Response('[]', { status: 200 });
  }) as typeof fetch;
  return { base, sent, task: () => task, stop: () => (ticking = false) };
}

describe('one request per task', () => {
  it('sends a burst asked for in one task one task apart, in the order asked, and answers each', async () => {
    const net = recordingFetch();
    const spread = oneRequestPerTask(net.base);
    const answers = await Promise.all(['/a', '/b', '/c', '/d'].map((url) => spread(url)));
    net.stop();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(net.sent.map((s) => s.url)).toEqual(['/a', '/b', '/c', '/d']);
    const tasks = net.sent.map((s) => s.task);
    // each in a later task than the one before it
    for (let i = 1; i < tasks.length; i++) expect(tasks[i]).toBeGreaterThan(tasks[i - 1]!);
  });

  it('sends a lone request in the task that asked for it', async () => {
    const net = recordingFetch();
    const spread = oneRequestPerTask(net.base);
    await spread('/first');
    // a request asked for tasks later is not held back by the earlier one
    await nextTask();
    await nextTask();
    const asked = net.task();
    await spread('/later');
    net.stop();
    expect(net.sent.at(-1)).toEqual({ url: '/later', task: asked });
  });

  it('a failed request does not hold back the ones after it', async () => {
    let calls = 0;
    const failing = (async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const spread = oneRequestPerTask(failing);
    const [first, second] = await Promise.allSettled([spread('/a'), spread('/b')]);
    expect(first.status).toBe('rejected');
    expect(second.status === 'fulfilled' && second.value.status).toBe(204);
  });
});
