import type { LocalDb } from '../local/local-db';

/**
 * The mirror a screen's action works on: the one given (tests), else the app's, loaded on first
 * use — so a screen that writes carries Dexie only once the patient acts, not in its first paint.
 */
export const mirrorDb = async (given?: LocalDb): Promise<LocalDb> => given ?? (await import('../local/local-db')).localDb();
