// The ICU warm-up of index.html (scripts/icu-warm-up.ts): the script starts a worker that uses
// Intl once and is ended when it reports; without workers it does nothing and breaks nothing.
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { icuWarmUpInlineScript, icuWarmUpWorkerSource, WARM_LOCALES, withIcuWarmUp } from '../../scripts/icu-warm-up';

/** Runs a worker's source as a worker would: its own global scope, Intl, postMessage. */
function runWorker(source: string): unknown[] {
  const posted: unknown[] = [];
  try {
    runInNewContext(source, { Intl, postMessage: (message: unknown) => posted.push(message) });
  } catch {
    // an error inside the worker ends it; what it posted before counts
  }
  return posted;
}

/** Runs the document's script with a stand-in Worker that runs its blob at once. */
async function runDocumentScript(script: string) {
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  const workers: Array<{ source: string; terminated: boolean; posted: unknown[] }> = [];
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    record: { source: string; terminated: boolean; posted: unknown[] };
    constructor(url: string) {
      this.record = { source: '', terminated: false, posted: [] };
      workers.push(this.record);
      const blob = blobs.get(url);
      if (!blob) throw new Error(`no blob at ${url}`);
      void blob.text().then((source) => {
        this.record.source = source;
        this.record.posted = runWorker(source);
        for (const data of this.record.posted) this.onmessage?.({ data });
      });
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  const URLs = {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  };
  runInNewContext(script, { Blob, Worker: FakeWorker, URL: URLs });
  await vi.waitFor(() => expect(workers[0]?.terminated).toBe(true));
  return { workers, revoked };
}

describe('the ICU warm-up', () => {
  it('starts one worker from a blob, which uses Intl for every locale and reports; then it is ended and its blob released', async () => {
    const { workers, revoked } = await runDocumentScript(icuWarmUpInlineScript(WARM_LOCALES, 'Europe/Zurich'));
    expect(workers).toHaveLength(1);
    expect(workers[0]?.posted).toEqual(['warm']);
    expect(workers[0]?.source).toContain('"de-CH","fr-CH","en-GB"');
    expect(revoked).toEqual(['blob:test/0']);
  });

  it('reports even when Intl fails (an unknown time zone): the worker never stays', () => {
    expect(runWorker(icuWarmUpWorkerSource(['de-CH'], 'Nowhere/Atlantis'))).toEqual(['warm']);
  });

  it('does nothing, and throws nothing, where there are no workers', () => {
    expect(() => runInNewContext(icuWarmUpInlineScript(WARM_LOCALES, 'Europe/Zurich'), { Blob, URL })).not.toThrow();
  });

  it('goes into index.html after the viewport, before the styles and the entry module', () => {
    const html = '<head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width" />\n    <style>p{}</style>\n    <script type="module" src="/src/main.tsx"></script>\n</head>';
    const out = withIcuWarmUp(html, 'warm()');
    expect(out.indexOf('<script>warm()</script>')).toBeGreaterThan(out.indexOf('name="viewport"'));
    expect(out.indexOf('<script>warm()</script>')).toBeLessThan(out.indexOf('<style>'));
    expect(() => withIcuWarmUp('<head></head>')).toThrow(/viewport/);
  });
});
