// Issue 41 item 2: a mark a helper made names them to the patient ("von Anna"). The server
// stamps who wrote each row (acted_by); the mark that stands is the one shown, so a helper's
// name goes with that mark alone — a later tap on this device is the patient's own.
import { helperActor, type CaregiverGrant, type HelperActor } from '../caregivers/grants.ts';
import { doseKey, parseDoseMark, type DoseMark } from './dose-mark.ts';

/** One mark among the marks of its dose: the dose, when and on which device it was marked. */
export const markIdentity = (mark: Pick<DoseMark, 'prescription_id' | 'day' | 'period' | 'marked_at' | 'device_id'>): string =>
  `${doseKey(mark)}|${mark.marked_at}|${mark.device_id}`;

/** The helpers who made marks among these rows (as stored, with acted_by), by markIdentity. */
export function marksByHelpers(
  rows: readonly Readonly<Record<string, unknown>>[],
  patientId: string,
  grants: readonly Pick<CaregiverGrant, 'patient_id' | 'helper_id' | 'helper_name'>[],
): ReadonlyMap<string, HelperActor> {
  const helpers = new Map<string, HelperActor>();
  for (const row of rows) {
    const actor = helperActor(row.acted_by, patientId, grants);
    const mark = actor ? parseDoseMark(row) : null;
    if (actor && mark?.ok) helpers.set(markIdentity(mark.value), actor);
  }
  return helpers;
}

/**
 * Dose states, each with the helper whose mark stands (`by`), or null: the patient's own mark, no
 * mark, or a later tap on this device over a helper's (another mark, so not hers).
 */
export const withHelpers = <S extends { mark: DoseMark | null }>(states: readonly S[], helpers: ReadonlyMap<string, HelperActor>): (S & { by: HelperActor | null })[] =>
  states.map((s) => ({ ...s, by: s.mark ? (helpers.get(markIdentity(s.mark)) ?? null) : null }));
