// The one Supabase client of the app (auth, PostgREST, realtime, functions). URL and anon
// key come from the build (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY) and default to the
// local stack, so `npm start` needs no configuration. Typed by the generated schema
// (database.types.ts, `npm run gen:types`): tables, columns, embeddings and RPCs are checked.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

/** The client every query and command takes as a parameter. */
export type AppClient = SupabaseClient<Database>;

export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

let client: AppClient | null = null;

/** Created on first use, so public pages that never touch the backend do not pay for it. */
export function supabase(): AppClient {
  client ??= createClient<Database>(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
  });
  return client;
}
