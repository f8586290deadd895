// Which words the shell uses for a refused change: what it was (its kind); what to correct
// comes from the shared code map (src/ui/reason-text.ts).
import type { OutboxKind } from '../../data/outbox/kinds';

export { reasonText, reasonTexts } from '../../ui/reason-text';

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
  'mail.prescriptionLocation': 'sync.kind.prescriptionMail',
};

export const kindText = (kind: OutboxKind): string => KIND_TEXT[kind] ?? KIND_TEXT['customer.upsert'];
