import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

// Browser runs that measure or make something instead of testing it, on the production build
// served like the end-to-end tests (the same local stack and `vite preview`, the same ports):
// - bench: `npm run bench:browser` (part of `npm run bench`) prints figures, never fails on time;
// - screenshots: `npm run screenshots` writes the install dialog's screenshots into public/;
// - profile: `npm run profile:tap` traces the tap to a long list (tests/bench/profile).
export default defineConfig({
  ...e2e,
  testDir: '.',
  timeout: 300_000,
  projects: [
    { name: 'bench', testMatch: 'tests/bench/browser/*.pw.ts', use: e2e.projects?.[0]?.use ?? {} },
    { name: 'screenshots', testMatch: 'scripts/screenshots/*.pw.ts', use: e2e.projects?.[0]?.use ?? {} },
    { name: 'profile', testMatch: 'tests/bench/profile/*.pw.ts', use: e2e.projects?.[0]?.use ?? {} },
  ],
});
