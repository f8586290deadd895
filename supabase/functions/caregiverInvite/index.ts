// Deno entry point of the edge function caregiverInvite (supabase functions deploy caregiverInvite --no-verify-jwt).
// The logic is the runtime-neutral handler in ../_shared/caregiver-invite.ts, which the Node local
// stack runs too (supabase/local/functions/handler.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { envFromVariables } from '../_shared/env.ts';
import { handleCaregiverInvite } from '../_shared/caregiver-invite.ts';

const env = envFromVariables((name) => Deno.env.get(name), createClient);

Deno.serve((req) => handleCaregiverInvite(req, env));
