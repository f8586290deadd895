// Deno entry point of the edge function ePrescription (supabase functions deploy ePrescription).
// The logic is the runtime-neutral handler in ../_shared/eprescription.ts, which the Node local
// stack runs too (supabase/local/functions/handler.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { envFromVariables } from '../_shared/env.ts';
import { handleEPrescription } from '../_shared/eprescription.ts';

const env = envFromVariables((name) => Deno.env.get(name), createClient);

Deno.serve((req) => handleEPrescription(req, env));
