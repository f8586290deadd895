// The writes of spec §7 as local-first commands, by area (commands/): each applies its change to
// the mirror and appends an outbox entry in one transaction (commands/queue.ts), and resolves
// without waiting for the network. The screens, hooks and tests import them from here.
export type { CancelOrderError, CommandError, CommandResult, DoseMarkRefusal, OutboxContext, Queued } from './commands/queue';
export { putRow, removeRow } from './commands/rows';
export { saveAddress, saveBaseData, saveCustomerLanguage, saveInsurance, saveQuestionnaire } from './commands/profile';
export { acceptGenerics, saveOrderDefaults } from './commands/order-defaults';
export { announcePrescription, resetSendMethod, saveSendMethod, setSendAsap } from './commands/send-method';
export { sendEPrescription, type EPrescriptionFields } from './commands/eprescriptions';
export { cancelOrder, placeOrder } from './commands/orders';
export { markDoses } from './commands/dose-marks';
