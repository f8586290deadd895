// The patient's lead time for refills (the plan settings' refill_lead_days): whole days from
// 1 to 60, as the column's CHECK holds; the dashboard's "running low" card uses it.
import * as v from 'valibot';
import { formObject, numberField } from './fields';
import { msg } from './messages';

export const REFILL_LEAD_MIN = 1;
export const REFILL_LEAD_MAX = 60;

export const refillLeadSchema = formObject({
  refill_lead_days: v.pipe(numberField(REFILL_LEAD_MIN, REFILL_LEAD_MAX, msg.refillLeadRange), v.integer(msg.refillLeadRange)),
});

export type RefillLeadOutput = v.InferOutput<typeof refillLeadSchema>;
