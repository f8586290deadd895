// The body of webshopOrder (spec §7), described once: the edge function checks a request with
// this schema and the app's type of the body it builds (src/domain/order-draft.ts) is inferred
// from it. Shape only; the business rules (setup, prescriptions, amounts, address) are the RPC's.
// It imports valibot and nothing else: Deno bundles it with the function (it lives under
// supabase/functions/) and the app's domain layer reads it too.
import * as v from 'valibot';

const text = v.nullish(v.string());
const flag = v.nullish(v.boolean());

export const webshopOrderBody = v.object({
  p_customer_id: v.pipe(v.string(), v.uuid('p_customer_id must be a UUID')),
  /** pharmacode (decimal string) -> amount */
  p_medications: v.pipe(
    v.custom<Record<string, unknown>>((x) => !!x && typeof x === 'object' && !Array.isArray(x), 'p_medications must be an object of pharmacode to amount'),
    v.record(
      v.pipe(v.string(), v.regex(/^[0-9]{1,15}$/, 'p_medications keys must be pharmacodes')),
      v.pipe(v.number('p_medications amounts must be numbers'), v.integer('p_medications amounts must be whole numbers')),
    ),
  ),
  p_street: text,
  p_street_nr: text,
  p_address2: text,
  p_zip: text,
  p_city: text,
  p_comment: text,
  p_generic: flag,
  p_substitute: flag,
  p_probon: flag,
  p_get_invoice: flag,
  /** the idempotency key (also accepted as header Idempotency-Key) */
  p_idempotency_key: v.nullish(v.pipe(v.string(), v.uuid('p_idempotency_key must be a UUID'))),
});

export type WebshopOrderBody = v.InferOutput<typeof webshopOrderBody>;

/**
 * One entry per product: pharmacodes without leading zeros (`01209458` is `1209458`). Null when
 * a code is all zeros; `duplicate` names a product the body lists under two spellings, which the
 * amount rules (spec §5: 1..99, 1 for single-use, per product) must not see twice.
 */
export function normalisedMedications(medications: Record<string, number>): { medications: Record<string, number> } | { duplicate: string } | null {
  const out: Record<string, number> = {};
  for (const [key, amount] of Object.entries(medications)) {
    const code = key.replace(/^0+/u, '');
    if (code === '') return null;
    if (Object.hasOwn(out, code)) return { duplicate: code };
    out[code] = amount;
  }
  return { medications: out };
}

