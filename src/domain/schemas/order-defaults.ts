// Spec §3 Order defaults (delivery settings, table webshop_customer_order_defaults): generics
// allowed, substitutes allowed, probon, get_invoice (the patient pays and bills the insurer),
// and a comment for orders (at most the order comment's length, ORDER_COMMENT_MAX: it goes into
// the order). Insert-only: every save is the whole set; the latest record counts.
import * as v from 'valibot';
import { ORDER_COMMENT_MAX } from '../constants';
import { formObject, optionalText } from './fields';
import { msg } from './messages';

const flag = v.nullish(v.boolean(msg.required), false);

export const orderDefaultsSchema = formObject({
  generic: flag,
  substitute: flag,
  probon: flag,
  get_invoice: flag,
  comment: v.pipe(optionalText, v.maxLength(ORDER_COMMENT_MAX, msg.commentTooLong)),
});

export type OrderDefaultsOutput = v.InferOutput<typeof orderDefaultsSchema>;
