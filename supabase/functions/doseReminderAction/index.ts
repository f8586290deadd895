// Deno entry point of the edge function doseReminderAction (supabase functions deploy doseReminderAction --no-verify-jwt).
// The logic is the runtime-neutral handler in ../_shared/dose-reminder-action.ts, which the Node local stack
// runs too (supabase/local/functions/handler.ts). Secrets: README.md, "Dose reminders".
import { createClient } from 'npm:@supabase/supabase-js@2';
import { envFromVariables } from '../_shared/env.ts';
import { handleDoseReminderAction } from '../_shared/dose-reminder-action.ts';

const env = envFromVariables((name) => Deno.env.get(name), createClient);

Deno.serve((req) => handleDoseReminderAction(req, env));
