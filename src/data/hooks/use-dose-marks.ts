import { useMemo } from 'react';
import type { DoseMark } from '../../domain/doses/dose-mark';
import type { LocalDb } from '../local/local-db';
import { doseMarkRowsQuery } from './mark-queries';
import { doseMarksOf } from '../tables/dose-marks';
import type { Row } from '../tables/table-declaration';
import { useMirrorQuery } from './use-mirror-query';

/**
 * Every dose mark the mirror holds of the patient (the last 90 days, and what waits to be sent),
 * live: the history, a past day's plan and the report read them offline. `undefined` while the
 * first read runs.
 */
export function useDoseMarks(db?: LocalDb): DoseMark[] | undefined {
  const rows = useDoseMarkRows(db);
  return useMemo(() => (rows === undefined ? undefined : doseMarksOf(rows)), [rows]);
}

/** The same marks' rows as stored, with who wrote each (acted_by: a helper is named, issue 41). */
export function useDoseMarkRows(db?: LocalDb): Row[] | undefined {
  return useMirrorQuery(doseMarkRowsQuery, db);
}
