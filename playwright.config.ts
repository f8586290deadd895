import { defineConfig, devices } from '@playwright/test';
import { E2E_REMINDER_ENV } from './tests/e2e/reminder-secrets.ts';

// End-to-end tests drive the system Chromium (Debian package `chromium`) headless against
// the built app served by `vite preview`; Playwright never downloads a browser here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The test browsers resolve no host name at all (the app and the local stack are at 127.0.0.1):
 * a request to an outside service (the product pictures' host, the pharmacy site) that no test
 * answers fails at once instead of leaving the machine — a service worker's request too, and a
 * benchmark's bare page, which the tests' routes (fixtures.ts `offsite`) do not see. Tests answer
 * such hosts with `route` (Playwright's interception comes before the name is resolved). The
 * benchmark's Chromium takes these flags; Lighthouse's (scripts/lighthouse.mjs) the same rule.
 */
export const ONLY_THIS_MACHINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The local Supabase stack of the end-to-end run: its own port and a fresh database. */
export const E2E_STACK_PORT = Number(process.env.E2E_STACK_PORT ?? 54329);
export const E2E_STACK_URL = `http://127.0.0.1:${E2E_STACK_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // a whole test's budget: under the stress run's two busy loops a test takes two to three times
  // its idle time, and tests of 15 s in CI went past 30 s there (the sign-ins, axe, a second device).
  // A missing element still fails within the expect timeout below.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    serviceWorkers: 'block',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ONLY_THIS_MACHINE,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // The app must be built with VITE_SUPABASE_URL=E2E_STACK_URL (npm run test:e2e does).
  webServer: [
    {
      command: 'node --import tsx supabase/local/main.ts',
      url: `${E2E_STACK_URL}/health`,
      env: {
        SUPABASE_PORT: String(E2E_STACK_PORT),
        SITE_URL: `http://127.0.0.1:${PORT}`,
        PGLITE_DATA_DIR: 'memory',
        ...E2E_REMINDER_ENV,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    {
      command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
