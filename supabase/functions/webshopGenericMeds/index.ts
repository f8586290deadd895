// Deno entry point of the edge function webshopGenericMeds (supabase functions deploy webshopGenericMeds).
// The logic is the runtime-neutral handler in ../_shared/webshop-generic-meds.ts, which the Node local
// stack runs too (supabase/local/functions/handler.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { envFromVariables } from '../_shared/env.ts';
import { handleWebshopGenericMeds } from '../_shared/webshop-generic-meds.ts';

const env = envFromVariables((name) => Deno.env.get(name), createClient);

Deno.serve((req) => handleWebshopGenericMeds(req, env));
