// The screens' reads of the mirror (local/mirror-query.ts through useMirrorQuery) render the same
// online and offline and follow every change: a pull, an outbox write, another tab. Each answers
// `undefined` while its first read is under way (or what the app's start read ahead).
import type { CustomerRecord } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { customerQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/** The signed-in patient's record with its nested tables; null: none yet (new account) or signed out. */
export const useCustomerRecord = (db?: LocalDb): CustomerRecord | null | undefined => useMirrorQuery(customerQuery, db);
