// The benchmarks' own Chromium (tests/bench/browser/bare-chromium.ts): a benchmark that ran over
// its time was abandoned by Playwright without its `finally`, and its browser outlived the worker,
// idle beside every later measurement of the machine (docs/performance.md). The browser, and the
// processes it started, end with the process that launched it, closed or not.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const module = fileURLToPath(new URL('../bench/browser/bare-chromium.ts', import.meta.url));

/** The processes whose command line holds `text`. */
function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // ended while listed
    }
  }
  return found;
}

describe('the benchmarks’ bare Chromium', () => {
  it('ends with the process that launched it when that process exits without closing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bare-chromium-test-'));
    try {
      const script = join(dir, 'launch.mts');
      // launches, names its profile (from the browser's own command line) and exits at once
      writeFileSync(
        script,
        [
          'import { readFileSync } from "node:fs";',
          `import { launchBareChromium } from ${JSON.stringify(module)};`,
          `const browser = await launchBareChromium(${JSON.stringify(CHROMIUM)}, ['--no-sandbox', '--disable-gpu']);`,
          "const profile = /--user-data-dir=(\\S+)/u.exec(readFileSync(`/proc/${browser.pid}/cmdline`, 'utf8').split('\\0').join(' '))?.[1];",
          'console.log(JSON.stringify({ pid: browser.pid, profile }));',
          'process.exit(0);',
        ].join('\n'),
      );
      const { pid, profile } = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' }).trim()) as { pid: number; profile: string };
      expect(pid).toBeGreaterThan(0);
      expect(profile).toContain('bare-chromium-');
      await expect.poll(() => processesWith(`--user-data-dir=${profile}`), { timeout: 10_000 }).toEqual([]);
      rmSync(profile, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
