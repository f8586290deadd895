// Spec §5 Order selection and amount selector: medications maps pharmacode -> amount, where
// null, undefined or 0 means "not chosen" (removing sets the amount to none). At least one
// product with amount >= 1 (msg.orderSelectNone); amounts are whole numbers 1..99, and at
// most 1 for single-use prescriptions (spec §9). The output keeps only chosen products.
import * as v from 'valibot';
import { formObject } from './fields';
import { limits } from './limits';
import { msg } from './messages';

const amountField = v.nullish(
  v.pipe(
    v.number(msg.orderAmountRange),
    v.integer(msg.orderAmountRange),
    v.minValue(0, msg.orderAmountRange),
    v.maxValue(limits.amountMax, msg.orderAmountRange),
  ),
);

type Amounts = Record<string, number | null | undefined>;

const chosen = (medications: Amounts): Record<string, number> =>
  Object.fromEntries(
    Object.entries(medications).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= limits.amountMin,
    ),
  );

/** singleUse: the pharmacodes whose prescriptions are single-use (at most 1 each). */
export function orderSelectionSchema(singleUse: ReadonlySet<string>) {
  return v.pipe(
    formObject({ medications: v.record(v.string(), amountField, msg.orderSelectNone) }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { medications } = dataset.value;
      for (const [pharmacode, amount] of Object.entries(medications)) {
        if (singleUse.has(pharmacode) && (amount ?? 0) > limits.singleUseAmountMax) {
          addIssue({
            message: msg.orderAmountSingleUse,
            path: [
              { type: 'object', origin: 'value', input: dataset.value, key: 'medications', value: medications },
              { type: 'object', origin: 'value', input: medications, key: pharmacode, value: amount },
            ],
          });
        }
      }
    }),
    v.forward(
      v.check((input) => Object.keys(chosen(input.medications)).length > 0, msg.orderSelectNone),
      ['medications'],
    ),
    v.transform((input) => ({ medications: chosen(input.medications) })),
  );
}

export type OrderSelectionSchema = ReturnType<typeof orderSelectionSchema>;
export type OrderSelectionInput = v.InferInput<OrderSelectionSchema>;
export type OrderSelectionOutput = v.InferOutput<OrderSelectionSchema>;
