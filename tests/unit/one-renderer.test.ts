// Issue 36: React DOM 19 renders the app in the build, the dev server and the tests. The lint
// (import-x/no-extraneous-dependencies) lets in only declared packages; this test makes sure the
// declared `react` and `react-dom` are React itself — not another package installed or resolved
// under their names (an `npm:` alias in package.json, or a resolve alias in a Vite/Vitest config).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const require = createRequire(new URL('package.json', root));

describe('one renderer: React DOM 19', () => {
  it('package.json declares react and react-dom 19 by version, never as an alias of another package', () => {
    for (const name of ['react', 'react-dom']) {
      expect(pkg.dependencies[name]).toMatch(/^\^?19\./);
    }
    const specs = Object.values({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(specs.filter((spec) => spec.startsWith('npm:'))).toEqual([]);
  });

  it('what is installed under those names is React itself (its own manifest and the React DOM client)', () => {
    for (const name of ['react', 'react-dom']) {
      const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { name: string; version: string; repository?: { url?: string } };
      expect(manifest.name).toBe(name);
      expect(manifest.version).toMatch(/^19\./);
      expect(manifest.repository?.url).toMatch(/github\.com\/(facebook|react)\/react(\.git)?$/);
    }
    expect(read('node_modules/react-dom/client.js')).toContain('react-dom-client');
  });

  it('no build, dev-server or test configuration resolves react or react-dom elsewhere', () => {
    for (const config of ['vite.config.ts', 'vitest.config.ts']) {
      const text = read(config);
      expect(text).not.toMatch(/['"]react(-dom)?(\/[\w/-]+)?['"]\s*:/);
      expect(text).not.toMatch(/find:\s*['"/^]*react/);
    }
  });
});
