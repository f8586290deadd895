// Deno entry point of the edge function prescriptionLocationMail (supabase functions deploy prescriptionLocationMail).
// The logic is the runtime-neutral handler in ../_shared/prescription-location-mail.ts, which the Node local
// stack runs too (supabase/local/functions/handler.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { envFromVariables } from '../_shared/env.ts';
import { handlePrescriptionLocationMail } from '../_shared/prescription-location-mail.ts';

const env = envFromVariables((name) => Deno.env.get(name), createClient);

Deno.serve((req) => handlePrescriptionLocationMail(req, env));
