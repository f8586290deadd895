// The web-push modules as hosted Supabase runs them: type-checked by Deno and their Deno test
// (web-push.deno-test.ts) run with Deno's WebCrypto and Intl, with the `deno` npm package of
// the dev dependencies. Offline as in tests/backend/deno-functions.test.ts: a DENO_DIR of its
// own, --no-remote; nothing here imports npm packages.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const HERE = import.meta.dirname;
const DENO_TEST = join(HERE, 'web-push.deno-test.ts');
// every module of the folder, the vitest tests aside (they import vitest, jose and Node)
const MODULES = readdirSync(HERE)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => join(HERE, name));

const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
const env = { ...process.env, DENO_DIR: denoDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
const common = ['--node-modules-dir=manual', '--no-remote'];
const deno = (args: string[]) => spawnSync(DENO, args, { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });

afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

describe('the web-push modules under Deno', () => {
  it('type-check', () => {
    expect(MODULES).toContain(DENO_TEST);
    expect(MODULES).toContain(join(HERE, 'send.ts'));
    const result = deno(['check', ...common, ...MODULES]);
    expect(result.stderr + result.stdout).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  }, 130_000);

  it('pass their Deno test: RFC 8291 example, encrypt → decrypt, VAPID sign → verify, reminder token', () => {
    const declared = readFileSync(DENO_TEST, 'utf8').match(/^deno\.test\(/gm)?.length ?? 0;
    expect(declared).toBeGreaterThanOrEqual(4);
    // checked above already
    const result = deno(['test', ...common, '--no-check', DENO_TEST]);
    const output = result.stdout + result.stderr;
    expect(output).toContain(`ok | ${declared} passed | 0 failed`);
    expect(result.status).toBe(0);
  }, 130_000);
});
