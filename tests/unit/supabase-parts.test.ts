// The app imports two parts of supabase-js on their own (src/app/backend-demand.ts evaluates
// auth and realtime in tasks of their own before the client). They are declared in package.json
// (the lint admits only declared packages) at exactly the versions supabase-js pins, so that one
// copy of each is installed and a bump of supabase-js that forgets them fails here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const require = createRequire(new URL('package.json', root));
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> };
const manifest = (name: string) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string; dependencies: Record<string, string> };

describe('the parts of supabase-js the app imports itself', () => {
  for (const part of ['@supabase/auth-js', '@supabase/realtime-js']) {
    it(`${part}: declared at the version supabase-js pins, and that version installed`, () => {
      const pinned = manifest('@supabase/supabase-js').dependencies[part];
      expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
      expect(pkg.dependencies[part]).toBe(pinned);
      expect(manifest(part).version).toBe(pinned);
    });
  }
});
