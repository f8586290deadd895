// Which words the shell uses for a refused change: what it was (its kind) and what to correct
// (its error code, outbox/classify.ts). Codes without their own text get the general one.
import type { OutboxKind } from '../../data/outbox/kinds';

export const KIND_TEXT: Record<OutboxKind, string> = {
  'customer.upsert': 'sync.kind.customer',
  'address.upsert': 'sync.kind.address',
  'insurance.upsert': 'sync.kind.insurance',
  'questionnaire.upsert': 'sync.kind.questionnaire',
  'orderDefaults.insert': 'sync.kind.orderDefaults',
  'additionalInfo.upsert': 'sync.kind.sendMethod',
  'additionalInfo.sendAsap': 'sync.kind.sendAsap',
  'additionalInfo.delete': 'sync.kind.sendMethodReset',
  'order.create': 'sync.kind.order',
};

const REASON_TEXT: Record<string, string> = {
  personal_data_locked: 'sync.reason.personalDataLocked',
  not_prescribed: 'sync.reason.notPrescribed',
  amount_out_of_range: 'sync.reason.amount',
  invalid_medications: 'sync.reason.amount',
  setup_incomplete: 'sync.reason.setupIncomplete',
  address_incomplete: 'sync.reason.addressIncomplete',
  empty_order: 'sync.reason.emptyOrder',
  comment_too_long: 'sync.reason.commentTooLong',
  forbidden: 'sync.reason.forbidden',
  not_caller: 'sync.reason.forbidden',
  insufficient_aal: 'sync.reason.secondFactor',
  conflict: 'sync.reason.conflict',
  idempotency_key_conflict: 'sync.reason.conflict',
  dependency_rejected: 'sync.reason.dependency',
};

export const GENERAL_REASON = 'sync.reason.invalid';

export const kindText = (kind: OutboxKind): string => KIND_TEXT[kind] ?? KIND_TEXT['customer.upsert'];
export const reasonText = (code: string): string => REASON_TEXT[code] ?? GENERAL_REASON;
export const reasonTexts = (): string[] => [...new Set([...Object.values(REASON_TEXT), GENERAL_REASON])];
