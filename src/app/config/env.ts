// Build-time configuration of the shell, read once and checked, so a wrong value shows at
// start-up. (The Supabase URL and key are read by src/data/supabase-client.ts.)
import * as v from 'valibot';

const EnvSchema = v.object({
  /** public post of the pharmacy's site for the disruption banner; {lang} is replaced; empty disables it */
  VITE_DISRUPTION_URL: v.optional(v.string(), 'https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-{lang}&_fields=title,content'),
});

export const env = v.parse(EnvSchema, {
  VITE_DISRUPTION_URL: import.meta.env.VITE_DISRUPTION_URL ?? undefined,
});
