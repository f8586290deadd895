// The outbox entry id: a uuid, the idempotency key the server deduplicates by.
// crypto.randomUUID sits behind this module so tests pass their own. (The temporary ids of
// rows the server has not inserted yet are the mirror's: ../local/temp-ids.ts.)

export type NewId = () => string;

export const newOutboxId: NewId = () => globalThis.crypto.randomUUID();
