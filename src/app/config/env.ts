// Build-time configuration, read once and checked, so a wrong value shows at start-up.
import * as v from 'valibot';

const EnvSchema = v.object({
  VITE_SUPABASE_URL: v.optional(v.pipe(v.string(), v.url()), 'http://127.0.0.1:54321'),
  VITE_SUPABASE_ANON_KEY: v.optional(
    v.string(),
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  ),
  /** public post of the pharmacy's site for the disruption banner; {lang} is replaced; empty disables it */
  VITE_DISRUPTION_URL: v.optional(v.string(), 'https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-{lang}&_fields=title,content'),
});

export const env = v.parse(EnvSchema, {
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL || undefined,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY || undefined,
  VITE_DISRUPTION_URL: import.meta.env.VITE_DISRUPTION_URL ?? undefined,
});
