// The patient's plan settings (period times, refill lead time: decision 0033): one row per
// patient in the `rows` store, keyed by the patient, written whole by upsert. Light on purpose:
// the mirror's reads at a returning patient's start import it (no rule of the domain here).
import type { PlanSettings } from '../../domain/entities';
import { always, declareTable, rowKey, type TableRead } from './table-declaration';

export const PLAN_SETTINGS_TABLE = 'patient_plan_settings';

const KEY = ['customer_id'] as const;

/** The patient's settings as stored (a row may lack columns left to their defaults); null: none stored. */
export const planSettingsRead: TableRead<Partial<PlanSettings> | null> = {
  key: 'planSettings',
  none: null,
  read: async (reads) => ((await reads.row(PLAN_SETTINGS_TABLE, rowKey({ key: KEY }, { customer_id: reads.owner }))) as Partial<PlanSettings> | undefined) ?? null,
};

export const planSettings = declareTable({
  name: PLAN_SETTINGS_TABLE,
  mirror: 'rows',
  key: KEY,
  write: 'upsert',
  readAhead: planSettingsRead,
  label: always('sync.kind.planSettings'),
});
