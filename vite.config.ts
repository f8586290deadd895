import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The PWA plugin builds sw/sw.ts with Workbox's injectManifest so that the service
// worker source stays ours (issue 5 extends it with runtime caching rules).
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
      },
      manifest: {
        name: 'Prescription platform',
        short_name: 'Rezepte',
        description: 'Prescriptions, intake plan and reorders of your mail-order pharmacy',
        lang: 'de',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/check-bundle.mjs checks the gzip budget of the README; this only quiets Vite's raw-size note
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // supabase-js in one chunk is above the 40 kB budget of a lazy chunk: its parts
        // (auth, realtime, the rest) load as separate chunks, only after the first paint.
        codeSplitting: {
          groups: [
            { name: 'supabase-auth', test: /node_modules[\\/]@supabase[\\/]auth-js[\\/]/, priority: 2 },
            { name: 'supabase-realtime', test: /node_modules[\\/]@supabase[\\/]realtime-js[\\/]/, priority: 2 },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
