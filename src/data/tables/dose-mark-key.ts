// The dose marks' rows in the mirror by their keys, for the reads at a returning patient's start
// (mirror-reads.ts, in the app's first load): table, key and the periods without the rules'
// modules (dose-mark-table.ts holds what reads and merges the rows).
import type { DoseRef } from '../../domain/doses/dose-mark';
import type { CustomerId } from '../../domain/entities';
import type { IntakePeriod } from '../../domain/intake-plan';

export const DOSE_MARK_TABLE = 'webshop_customer_dose_mark';

/** The natural primary key: one row per customer, prescription, Zurich day and period. */
export const DOSE_MARK_KEY = ['customer_id', 'prescription_id', 'day', 'period'] as const;

/** INTAKE_PERIODS of intake-plan.ts (a test keeps them equal), without loading that module's rules into the first load. */
export const DOSE_MARK_PERIODS = ['morning', 'noon', 'evening', 'night'] as const satisfies readonly IntakePeriod[];

/** The `rows` store's key of a dose's mark: what rowKey() of synced-tables.ts makes of the key columns. */
export const doseMarkRowKey = (customerId: CustomerId, dose: DoseRef): string => [customerId, dose.prescription_id, dose.day, dose.period].join('|');

/**
 * The keys of one prescription's marks from day `first` to day `last`, both included, as bounds
 * of a key range: a prescription's keys sort by day, then period ('|' sorts below the digits of a
 * day, '~' above the letters of every period).
 */
export const doseMarkKeyRange = (customerId: CustomerId, prescriptionId: number, first: string, last: string): [string, string] => {
  const prefix = [customerId, prescriptionId, ''].join('|');
  return [`${prefix}${first}|`, `${prefix}${last}|~`];
};
