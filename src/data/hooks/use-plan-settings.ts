// The patient's plan settings (a 'rows' table: tables/plan-settings.ts): read
// live from the mirror, written through the outbox with the generic putRow (an upsert of the
// patient's one row by its key, offline too).
import { useCallback } from 'react';
import type { PlanSettings } from '../../domain/entities';
import type { PeriodTimeColumn } from '../../domain/plan-settings';
import type { LocalDb } from '../local/local-db';
import { planSettingsQuery } from '../local/mirror-query';
import { dexieReads } from '../local/mirror-reads';
import { putRow } from '../outbox/commands';
import { PLAN_SETTINGS_TABLE } from '../tables/plan-settings';
import { useMirrorQuery } from './use-mirror-query';
import { useSave, type SaveOutcome } from './use-save';

/** The settings of the mirror's patient as stored (a row may lack columns another save left to their defaults). */
export const readPlanSettings = (db: LocalDb): Promise<Partial<PlanSettings> | null> => planSettingsQuery.read(dexieReads(db));

/** The plan settings, live; null: none stored (the defaults apply); undefined while the first read runs. */
export function usePlanSettings(db?: LocalDb): Partial<PlanSettings> | null | undefined {
  return useMirrorQuery(planSettingsQuery, db);
}

/**
 * Saves the four period times (the other columns keep their values, or their defaults on a first
 * save); resolves once stored on this device, with how far it got (useSave).
 */
export function useSavePeriodTimes(): (times: Record<PeriodTimeColumn, string>) => Promise<SaveOutcome<never>> {
  const save = useSave(putRow);
  return useCallback((times) => save(PLAN_SETTINGS_TABLE, times), [save]);
}

/** Saves the lead time for refills (the other columns keep their values, or their defaults on a first save). */
export function useSaveRefillLeadDays(): (days: number) => Promise<SaveOutcome<never>> {
  const save = useSave(putRow);
  return useCallback((days) => save(PLAN_SETTINGS_TABLE, { refill_lead_days: days }), [save]);
}
