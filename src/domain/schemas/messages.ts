// Message ids of the form schemas. Schemas report ids, never visible text: the UI looks
// them up in lang/de.json and lang/fr.json (messages.test.ts checks both hold every id).
export const msg = {
  required: 'validation.required',
  email: 'validation.email',
  passwordMin: 'validation.passwordMin',
  passwordMatch: 'validation.passwordMatch',
  passwordSame: 'validation.passwordSame',
  acceptTerms: 'validation.acceptTerms',
  phone: 'validation.phone',
  date: 'validation.date',
  birthdayPast: 'validation.birthdayPast',
  birthdayMin: 'validation.birthdayMin',
  gender: 'validation.gender',
  zip: 'validation.zip',
  insurer: 'validation.insurer',
  cardNumeric: 'validation.cardNumeric',
  cardLength: 'validation.cardLength',
  cardPrefix: 'validation.cardPrefix',
  numeric: 'validation.numeric',
  number: 'validation.number',
  weightRange: 'validation.weightRange',
  sizeRange: 'validation.sizeRange',
  pharmacode: 'validation.pharmacode',
  code6: 'validation.code6',
  // Spec §5 Send method: the keys are named there; success_send_method is the original's
  // misnamed key for "no method chosen".
  sendMethodMissing: 'sendMethod.success_send_method',
  sendMethodLocation: 'sendMethod.error_espace',
  sendMethodSendAll: 'sendMethod.error_missing_send_all',
  sendMethodDescription: 'sendMethod.error_missing_description',
  sendMethodContactDoc: 'sendMethod.missing_contact_doc',
  sendMethodSendAsap: 'sendMethod.error_sendasap_missing',
  orderSelectNone: 'order.select.none',
  commentTooLong: 'validation.commentTooLong',
  orderAmountRange: 'order.amountRange',
  orderAmountSingleUse: 'order.amountSingleUse',
  // the plan's period times (plan-times.ts)
  timeOfDay: 'validation.timeOfDay',
  timeOrder: 'validation.timeOrder',
  // the lead time for refills (refill-lead.ts)
  refillLeadRange: 'validation.refillLeadRange',
} as const;

export type MessageId = (typeof msg)[keyof typeof msg];

export const messageIds: readonly MessageId[] = Object.values(msg);
