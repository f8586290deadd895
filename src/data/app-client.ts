// The app's Supabase client for code that a public page's first view carries (the sign-in and
// registration forms, the generics calculator, the look-ups of signed-in screens: the generic tip,
// the medication search): supabase-js (about 50 kB gzip) loads on the
// first call, not with the view's chunk, so the view shows without waiting for it.
import type { AppClient } from './supabase-client';

export const appClient = (): Promise<AppClient> => import('./supabase-client').then((m) => m.supabaseAfterImport());
