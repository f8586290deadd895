// Under a stress run's load headless Chromium once drew no frame for minutes after viewport
// changes, and a test waiting on a bare requestAnimationFrame ran out its whole budget saying
// nothing (docs/testing.md). Every wait of the e2e suite for a frame goes through framesDrawn
// (tests/e2e/frames.ts), which sets the viewport again and then fails saying why.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typeScriptFiles } from '../support/typescript-files';

const E2E = fileURLToPath(new URL('../e2e', import.meta.url));
const FRAMES = join(E2E, 'frames.ts');

describe('the e2e suite’s waits for a frame', () => {
  it('are framesDrawn’s only: no other file of tests/e2e calls requestAnimationFrame', () => {
    const files = typeScriptFiles(E2E);
    expect(files).toContain(FRAMES);
    expect(readFileSync(FRAMES, 'utf8')).toContain('requestAnimationFrame(');
    const bare = files.filter((file) => file !== FRAMES && readFileSync(file, 'utf8').includes('requestAnimationFrame(')).map((file) => relative(E2E, file));
    expect(bare).toEqual([]);
  });
});
