// Deno entry point of the edge function webshopOrder (supabase functions deploy webshopOrder).
// The logic is the runtime-neutral handler in ../_shared/webshop-order.ts, which the Node local
// stack runs too (supabase/local/functions/handler.ts).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { envFromVariables } from '../_shared/env.ts';
import { handleWebshopOrder } from '../_shared/webshop-order.ts';

const env = envFromVariables((name) => Deno.env.get(name), createClient);

Deno.serve((req) => handleWebshopOrder(req, env));
