// Spec §3 Order defaults (delivery settings, table webshop_customer_order_defaults): generics
// allowed, substitutes allowed, probon, get_invoice (the patient pays and bills the insurer),
// and a comment for orders (at most the order comment's length, ORDER_COMMENT_MAX: it goes into
// the order). Insert-only: every save is the whole set; the latest record counts.
import * as v from 'valibot';
import { formObject, orderCommentField } from './fields';
import { msg } from './messages';

const flag = v.nullish(v.boolean(msg.required), false);

export const orderDefaultsSchema = formObject({
  generic: flag,
  substitute: flag,
  probon: flag,
  get_invoice: flag,
  comment: orderCommentField,
});

export type OrderDefaultsOutput = v.InferOutput<typeof orderDefaultsSchema>;
