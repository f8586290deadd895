import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript file under `dir`, at any depth, as a path joined to `dir` (Node's recursive read). */
export const typeScriptFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/u.test(path))
    .map((path) => join(dir, path));
