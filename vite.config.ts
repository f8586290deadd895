import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { cataloguePreload } from './scripts/catalogue-preload.ts';
import { icuWarmUp } from './scripts/icu-warm-up.ts';
import { inlinedSheetLink } from './scripts/inlined-sheet-link.ts';
import { prerenderedDocuments } from './scripts/prerender.ts';
import { routePreload } from './scripts/route-preload.ts';
import { precompiledCatalogues, precompiledMessagesOnly } from './scripts/precompiled-catalogues.ts';
import { parseBuildEnv } from './src/data/build-env-schema.ts';

/**
 * The entry's stylesheet (about 3 kB gzip) goes into index.html as a <style>: a linked one
 * blocks the first paint for one more round trip of a mobile network (Lighthouse's
 * render-blocking audit), on every route. A link to the file stays: Vite's preload
 * helper looks for the stylesheet links of a lazy chunk's CSS dependencies, which may name the
 * entry's, and would otherwise add it again after the views' styles — a later copy that
 * overrides them (a layout shift on the dashboard). The link is one no browser fetches
 * (scripts/inlined-sheet-link.ts).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/index-[^"]+\.css)">/u, (tag, file: string) => {
          const asset = context.bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source).trim()}</style>\n    ${inlinedSheetLink(`/${file}`)}` : tag;
        });
      },
    },
  };
}

/**
 * The build's variables (environment and .env files, as Vite hands them to the app) through
 * the app's own schema, before anything is bundled: a hosted build (VITE_TARGET=hosted)
 * without its project fails here, naming what is missing (src/data/build-env-schema.ts). The
 * build gets the parsed result as a constant (src/data/build-env.ts), so the schema and its
 * messages stay out of the first load.
 */
function checkBuildEnv(): Plugin {
  return {
    name: 'check-build-env',
    apply: 'build',
    config(_, { mode }) {
      return { define: { __BUILD_ENV__: JSON.stringify(parseBuildEnv(loadEnv(mode, process.cwd(), 'VITE_'))) } };
    },
  };
}

/**
 * The dose reminders' notification texts (`reminder.push.*` of lang/de.json and lang/fr.json) as
 * the constant __REMINDER_TEXTS__: the service worker writes the notification from the push in
 * the patient's language (sw/reminders.ts) and must not carry both whole catalogues. The PWA
 * plugin's build of the worker takes this config's `define`.
 */
function reminderTexts(): Plugin {
  const pick = (lang: 'de' | 'fr') =>
    Object.fromEntries(Object.entries(JSON.parse(readFileSync(new URL(`./lang/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>).filter(([key]) => key.startsWith('reminder.push.')));
  return {
    name: 'reminder-texts',
    apply: 'build',
    config: () => ({ define: { __REMINDER_TEXTS__: JSON.stringify({ de: pick('de'), fr: pick('fr') }) } }),
  };
}

// The PWA plugin builds sw/sw.ts with Workbox's injectManifest (the worker's rules are in
// sw/sw.ts and sw/rules.ts) and writes the web app manifest below.
export default defineConfig(({ command }) => ({
  plugins: [
    checkBuildEnv(),
    reminderTexts(),
    react(),
    precompiledCatalogues(),
    icuWarmUp(),
    inlineEntryCss(),
    cataloguePreload(),
    routePreload(),
    prerenderedDocuments(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // registration, update prompt and offline notice: src/app/pwa (workbox-window)
      injectRegister: false,
      // the glob below already holds the icons and the manifest: listed once, not twice
      includeManifestIcons: false,
      injectManifest: {
        // everything the build emits: the shell, every route chunk, both language catalogues
        // (assets/de-*.js, assets/fr-*.js), styles, icons, the product placeholder, and the QR
        // decoder's WebAssembly (assets/zxing_reader-*.wasm, ~1 MB: the e-prescription scanner
        // offline, and never from a CDN)
        globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
        // the install dialog's screenshots are fetched by the browser when it offers the app:
        // no patient needs them offline
        globIgnores: ['screenshots/**'],
      },
      // The manifest has one language: German, the pharmacy's main language and the app's
      // default (spec §1); the app itself then follows the user's choice.
      manifest: {
        // the implicit id of earlier builds (start_url), so an existing install stays the same app
        id: '/dashboard',
        name: 'Rezeptpost',
        short_name: 'Rezeptpost',
        description: 'Ihre Rezepte, Ihr Einnahmeplan und Nachbestellungen bei Ihrer Versandapotheke',
        lang: 'de-CH',
        dir: 'ltr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#0b6e4f',
        categories: ['medical', 'health'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // long-press on the home-screen icon: today's plan (the dashboard's plan section) and reordering
        shortcuts: [
          {
            name: 'Einnahmeplan für heute',
            short_name: 'Heute',
            description: 'Was Sie jetzt einnehmen',
            url: '/dashboard#intake-plan',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Medikamente nachbestellen',
            short_name: 'Nachbestellen',
            description: 'Medikamente von gültigen Rezepten bestellen',
            url: '/order',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // the richer install dialog: the built app's dashboard, made by `npm run screenshots`
        screenshots: [
          { src: '/screenshots/dashboard-narrow.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'Der Einnahmeplan für heute auf dem Handy' },
          { src: '/screenshots/dashboard-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Übersicht mit Einnahmeplan, Bestellungen und Rezepten' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  // the dev server keeps the parser: the production build is what the precompiled texts are for
  // and React's own useSyncExternalStore for the shim wouter imports (src/app/react-sync-external-store.ts)
  resolve: {
    alias: [
      ...(command === 'build' ? [precompiledMessagesOnly] : []),
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/u, replacement: fileURLToPath(new URL('./src/app/react-sync-external-store.ts', import.meta.url)) },
    ],
  },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // which files the entry needs (scripts/check-bundle.mjs reads the first load from it)
    manifest: true,
    // A dynamic import() asks for its chunk's own imports as the browser finds them, not through
    // <link rel="modulepreload"> elements Vite's helper appends first: appending one costs the
    // main thread a compile at once, and a view's ten or twenty of them were tasks of 50–200 ms
    // at 4× CPU after the first paint (decision 0055). Styles still come through the helper
    // (Vite passes only scripts here); the document preloads its route's files itself
    // (scripts/route-preload.ts), and the installed app reads them all from the service worker.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // scripts/check-bundle.mjs checks the gzip budget of the README; this only quiets Vite's raw-size note
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // supabase-js in one chunk is above the 40 kB budget of a lazy chunk: its parts
        // (auth, realtime, the rest) load as separate chunks, only after the first paint.
        codeSplitting: {
          groups: [
            // the renderer apart from the app's own code (the bundle check reports both shares)
            { name: 'react-dom', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // what the entry imports statically (its stores, the texts' loader, the address rules):
            // one chunk with the entry instead of eight of under a kilobyte each, which every
            // document asked for one round trip after the entry (Lighthouse: 11 files of the first
            // load, now 3; decision 0062)
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'supabase-auth', test: /node_modules[\\/]@supabase[\\/]auth-js[\\/]/, priority: 2 },
            { name: 'supabase-realtime', test: /node_modules[\\/]@supabase[\\/]realtime-js[\\/]/, priority: 2 },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/, priority: 1 },
            { name: 'forms', test: /[\\/]src[\\/](ui[\\/]form|domain[\\/]schemas)[\\/]/, includeDependenciesRecursively: false, priority: 0 },
            {
              name: 'catalogue',
              // the catalogue's reads (search, generics, patient information) and what they share:
              // one chunk behind the calculator's instead of eight (Lighthouse: /generics/calculator)
              test: /[\\/]src[\\/](data[\\/]catalogue[\\/][^/\\]+|data[\\/](rows|app-client)|data[\\/]pull[\\/]queries|data[\\/]hooks[\\/](use-online|use-medication-search|use-generic-comparison|use-patient-information)|domain[\\/](generics|generic-alternatives|patient-information))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // what the patient's screens share to show a medication (name, dosage, picture,
            // dates): one chunk instead of eight requests of a few hundred bytes each behind the
            // dashboard's chunk (Lighthouse: /dashboard FCP)
            {
              name: 'medication-display',
              test: /[\\/]src[\\/](ui[\\/](dosage-display|product-picture|use-calendar-date)|domain[\\/](dosage|medication|product-picture)|data[\\/]images[\\/]product-image|i18n[\\/]use-intl-language|domain[\\/]result)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // the check-off of doses (issue 24): the rules, control and marking hook the dashboard
            // and the doses' screens share (with the intake periods they read), one chunk beside
            // the dashboard's instead of a few small requests before its first paint; the
            // history's and the report's own rules stay in their views' chunks
            {
              name: 'doses',
              test: /[\\/]src[\\/](domain[\\/](intake-plan|doses[\\/](dose-mark|dose-marks|dose-slot|doses-due))|ui[\\/]doses[\\/][^/\\]+|data[\\/]tables[\\/]dose-marks|data[\\/]hooks[\\/]mark-queries|data[\\/]hooks[\\/]use-dose-marking|data[\\/]local[\\/]device-id)\.(tsx?|css)$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // what the signed-in screens read through (the mirror's queries and their hooks, the
            // session's view): one chunk instead of a dozen requests of a few hundred bytes behind
            // each screen's chunk (issue 23: /orders asked for 26 files before its first paint,
            // six at a time over HTTP/1.1)
            {
              name: 'screen-reads',
              test: /[\\/]src[\\/](data[\\/]local[\\/](mirror-query|mirror-owner)|data[\\/]tables[\\/](plan-settings|table-declaration)|data[\\/]outbox[\\/](app-context|ids|signal)|data[\\/]hooks[\\/](use-mirror-query|use-medications|use-customer-record|use-setup-flags|use-prescriptions|use-pull-state|mirror-db|use-session)|data[\\/]auth[\\/]auth-view|domain[\\/](order-draft|amounts))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // small modules that import nothing of the app (a rule, a hook), each shared by many
            // screens: one chunk instead of five of 0.1–0.7 kB (decision 0062). Only leaves: a
            // module run at load that calls into another group's chunk could run before it.
            {
              name: 'screen-leaves',
              test: /[\\/]src[\\/](domain[\\/](gender|dose-glyph)|ui[\\/](pharmacy|use-disclosure|use-slices))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // what the forms write through (the outbox's commands and what they apply to the
            // mirror, the draft order, the server's rules for the answers)
            {
              name: 'screen-writes',
              test: /[\\/]src[\\/](data[\\/]hooks[\\/](use-save|use-command)|data[\\/]outbox[\\/](commands|commands[\\/][^/\\]+|apply|kinds|mirror)|data[\\/]tables[\\/](calls|synced-tables)|domain[\\/](order-cancel|reason-text|server-rules|server-rule-messages)|data[\\/]draft[\\/]draft-order)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // what the profile's screens (and the order flow's review steps, the same forms) share:
            // the layout, the forms' hooks and fields, the reads; one chunk instead of up to a dozen
            // requests of a few hundred bytes each behind the view's (issue 23: /order/questionnaire
            // asked for 34 files before its first paint). The views stay apart, each with its own.
            {
              name: 'profile-shared',
              test: /[\\/]src[\\/](ui[\\/]profile-nav[\\/][^/\\]+|ui[\\/]profile-forms[\\/](use-profile-form|address-fields|basedata-values|basedata-form|gender-field|personal-fields|insurance-form|order-defaults-form|yes-no-field|profile-forms)|ui[\\/](save-feedback|order-step)|features[\\/]profile[\\/](profile-form-page|use-profile-data|overview-state|profile-reads|profile-pages|setup-overview)|data[\\/]hooks[\\/](use-insurers|use-plan-settings))\.(tsx?|css)$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            // what the order flow's steps share (the draft and its gate, the rows, the reads), for the same reason
            {
              name: 'order-flow-shared',
              test: /[\\/]src[\\/](features[\\/]order-flow[\\/](draft-gate|use-order-flow|select-rows|order-flow-reads)|data[\\/]hooks[\\/]use-draft-order)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 0,
            },
          ],
        },
      },
    },
  },
}));
