import type { Prescription } from '../../domain/entities';
import type { LocalDb } from '../local/local-db';
import { prescriptionsQuery } from '../local/mirror-query';
import { useMirrorQuery } from './use-mirror-query';

/** The prescriptions (webshop_customer_medication of the customer record), by id. */
export const usePrescriptions = (db?: LocalDb): Prescription[] | undefined => useMirrorQuery(prescriptionsQuery, db);
