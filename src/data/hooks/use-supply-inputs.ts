// What the supply forecast reads beyond the screen's own data: every dose mark the mirror keeps
// (taken and skipped doses change the stock) and the patient's lead time for refills
// (the plan settings' refill_lead_days). Read live, offline alike, and read ahead with the
// screens that show it (mirror-query.ts): no Dexie in their chunks.
import { useMemo } from 'react';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { refillLeadDaysOf } from '../../domain/plan-settings';
import type { LocalDb } from '../local/local-db';
import { planSettingsQuery } from '../local/mirror-query';
import { doseMarkRowsQuery } from './mark-queries';
import { dexieReads } from '../local/mirror-reads';
import { doseMarksOf } from '../tables/dose-marks';
import { useMirrorQuery } from './use-mirror-query';

export interface SupplyInputs {
  marks: DoseMark[];
  /** days ahead a product counts as running low: the patient's setting, else 10 */
  leadDays: number;
}

export async function readSupplyInputs(db: LocalDb): Promise<SupplyInputs> {
  const reads = dexieReads(db);
  const [rows, settings] = await Promise.all([doseMarkRowsQuery.read(reads), planSettingsQuery.read(reads)]);
  return { marks: doseMarksOf(rows), leadDays: refillLeadDaysOf(settings) };
}

/** The marks and the lead time, live; undefined while the first read runs. */
export function useSupplyInputs(db?: LocalDb): SupplyInputs | undefined {
  const rows = useMirrorQuery(doseMarkRowsQuery, db);
  const settings = useMirrorQuery(planSettingsQuery, db);
  return useMemo(() => (rows === undefined || settings === undefined ? undefined : { marks: doseMarksOf(rows), leadDays: refillLeadDaysOf(settings) }), [rows, settings]);
}
