// The real `vite build` of a build meant for hosting (VITE_TARGET=hosted, README "Deploy to
// hosted Supabase") without its project: it stops before bundling, non-zero, naming what is
// missing (vite.config.ts checkBuildEnv, src/data/build-env-schema.ts). Nothing is written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');
const outDir = mkdtempSync(join(tmpdir(), 'hosted-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** `vite build` with the given build variables and none of the caller's. */
function viteBuild(vars: Record<string, string>) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const result = spawnSync(VITE, ['build', '--outDir', join(outDir, 'dist'), '--emptyOutDir'], { cwd: ROOT, env: { ...env, ...vars, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('a hosted build without its variables', () => {
  it('fails before bundling, naming VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY', () => {
    const { status, output } = viteBuild({ VITE_TARGET: 'hosted' });
    expect(status, output).not.toBe(0);
    expect(output).toContain('The build variables of this hosted build are missing or wrong');
    expect(output).toMatch(/- VITE_SUPABASE_URL is missing/);
    expect(output).toMatch(/- VITE_SUPABASE_PUBLISHABLE_KEY is missing \(or the legacy VITE_SUPABASE_ANON_KEY\)/);
    expect(output).not.toMatch(/transforming|modules transformed/);
    expect(existsSync(join(outDir, 'dist'))).toBe(false);
  }, 60_000);

  it('fails when it points at this machine, naming that', () => {
    const { status, output } = viteBuild({ VITE_TARGET: 'hosted', VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x' });
    expect(status, output).not.toBe(0);
    expect(output).toMatch(/- VITE_SUPABASE_URL points at this machine \(127\.0\.0\.1:54321\)/);
    expect(output).not.toMatch(/VITE_SUPABASE_PUBLISHABLE_KEY is missing/);
  }, 60_000);
});
