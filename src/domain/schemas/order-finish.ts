// Spec §2 /order/orderfinish: a free comment to the order. The spec gives no maximum (§9);
// ours is ORDER_COMMENT_MAX (2000 characters), which the order RPC enforces too
// (`comment_too_long`). Blank means no comment.
import * as v from 'valibot';
import { formObject, orderCommentField } from './fields';

export const orderFinishSchema = formObject({ comment: orderCommentField });

export type OrderFinishOutput = v.InferOutput<typeof orderFinishSchema>;
