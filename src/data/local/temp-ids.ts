// Temporary record ids: a row that exists only in the local mirror until the server has
// inserted it carries one. The mirror, its Dexie upgrades and the outbox all read them.

/**
 * Temporary ids start far above any server id (bigint identities from 1, orders from 240001),
 * so a pending row is the latest record of its list (highest id, spec §4) and the newest
 * order, and can never be mistaken for a server row. 2^50 + n stays a safe integer.
 */
export const TEMP_ID_BASE = 2 ** 50;

export const isTempId = (id: number | null | undefined): boolean => typeof id === 'number' && id >= TEMP_ID_BASE;
