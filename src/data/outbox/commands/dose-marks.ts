// Issue 24: dose marks — check-off, "all taken", late entries, unmark.
import { parseDoseMark, type DoseMark } from '../../../domain/doses/dose-mark';
import { canMarkDay, compareMarks } from '../../../domain/doses/dose-marks';
import type { CustomerId } from '../../../domain/entities';
import { err, ok, type Result } from '../../../domain/result';
import { DOSE_MARK_TABLE, doseMarkRowKey } from '../../tables/dose-marks';
import { applyEntry, outboxStores } from '../apply';
import type { TypedOutboxEntry } from '../kinds';
import type { DoseMarkRefusal, OutboxContext } from './queue';

/**
 * Dose marks (issue 24: check-off, "all taken", late entries, unmark): each mark in the mirror at
 * once and an upsert of its row in the outbox, all in ONE transaction (all or none). Marks come
 * from the domain (newDoseMark, allTakenMarks) with the device's time; the mirror already
 * showing a mark of the dose at that time or later (another device's clock ahead) moves the new
 * one to just after it: the patient marks what they see, so the new mark is the later one.
 */
export async function markDoses(ctx: OutboxContext, customerId: CustomerId, marks: readonly DoseMark[]): Promise<Result<{ outboxIds: string[] }, DoseMarkRefusal>> {
  const { db } = ctx;
  const result = await db.transaction('rw', outboxStores(db), async (): Promise<Result<{ outboxIds: string[] }, DoseMarkRefusal>> => {
    const prescriptions = (await db.customers.get(customerId))?.webshop_customer_medication ?? [];
    const now = new Date(ctx.now());
    const entries: TypedOutboxEntry[] = [];
    for (const given of marks) {
      const parsed = parseDoseMark(given);
      if (!parsed.ok || parsed.value.customer_id !== customerId) return err('invalid');
      let mark = parsed.value;
      if (!canMarkDay(mark.day, now)) return err('day_not_markable');
      if (!prescriptions.some((p) => p.id === mark.prescription_id && Number(p.medication_id) === mark.pharmacode)) return err('not_prescribed');
      const key = doseMarkRowKey(customerId, mark);
      const stored = parseDoseMark((await db.rows.get([DOSE_MARK_TABLE, key]))?.row);
      if (stored.ok && compareMarks(stored.value, mark) >= 0) mark = { ...mark, marked_at: new Date(Date.parse(stored.value.marked_at) + 1).toISOString() };
      entries.push({
        id: ctx.newId(),
        customer_id: customerId,
        kind: 'row.upsert',
        // who marked is the server's to stamp (acted_by, issue 41): null here, so the name of a
        // helper whose mark this one replaces does not stay on it in the mirror until the pull
        payload: { table: DOSE_MARK_TABLE, id: key, fields: { ...mark, acted_by: null } },
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: ctx.now(),
        lastError: null,
      });
    }
    for (const entry of entries) {
      await db.outbox.add(entry);
      await applyEntry(db, entry);
    }
    return ok({ outboxIds: entries.map((e) => e.id) });
  });
  if (result.ok && result.value.outboxIds.length > 0) ctx.appended();
  return result;
}
