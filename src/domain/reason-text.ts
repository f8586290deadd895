// The words for an error code of the data layer (a command's refusal, the server's rejection
// of an outbox entry, outbox/classify.ts): what the patient should correct. Any screen that
// shows a refused save, and the shell's list of refused changes, use this one map; codes
// without their own text get the general one.
import { serverRuleMessage } from './server-rule-messages.ts';
import { SERVER_RULES } from './server-rules.ts';

const REASON_TEXT: Readonly<Record<string, string>> = {
  personal_data_locked: 'sync.reason.personalDataLocked',
  not_prescribed: 'sync.reason.notPrescribed',
  amount_out_of_range: 'sync.reason.amount',
  invalid_medications: 'sync.reason.amount',
  setup_incomplete: 'sync.reason.setupIncomplete',
  address_incomplete: 'sync.reason.addressIncomplete',
  empty_order: 'sync.reason.emptyOrder',
  comment_too_long: 'sync.reason.commentTooLong',
  duplicate_product: 'sync.reason.amount',
  forbidden: 'sync.reason.forbidden',
  not_caller: 'sync.reason.forbidden',
  insufficient_aal: 'sync.reason.secondFactor',
  conflict: 'sync.reason.conflict',
  idempotency_key_conflict: 'sync.reason.conflict',
  dependency_rejected: 'sync.reason.dependency',
  gone: 'sync.reason.gone',
  signed_out: 'sync.paused',
  order_started: 'sync.reason.orderStarted',
  order_not_found: 'sync.reason.orderNotFound',
  order_not_sent: 'sync.reason.orderNotSent',
};

export const GENERAL_REASON = 'sync.reason.invalid';

/** The message id for an error code (a form rule the server keeps: its field's message). */
export function reasonText(code: string): string {
  const rule = Object.hasOwn(SERVER_RULES, code) ? SERVER_RULES[code as keyof typeof SERVER_RULES] : null;
  return REASON_TEXT[code] ?? (rule ? serverRuleMessage(rule) : GENERAL_REASON);
}

/** Every message id this map can answer (the catalogue test checks them). */
export const reasonTexts = (): string[] => [...new Set([...Object.values(REASON_TEXT), GENERAL_REASON])];
