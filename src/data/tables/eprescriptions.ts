// Issue 27: the e-prescriptions the patient sent, one row per prescription Id — a second send of
// the same Id is refused (409); each prescription is its own, so a later one never supersedes a
// refused one. Older than the validity a pharmacy accepts (a year) nothing is sent again, so the
// mirror keeps 400 days. Issue 37: stored by the function ePrescription, which reads the code
// itself and keys it as the app does (supabase/functions/_shared/chmed/prescription-code.ts).
import type { CustomerRecord } from '../../domain/entities';
import { latestById } from '../../domain/latest-by-id';
import { always, declareTable, everyRow } from './table-declaration';

export const EPRESCRIPTION_TABLE = 'webshop_customer_eprescription';

/**
 * An e-prescription sent counts as announced (spec §4 Awaiting): the server marks the latest
 * additional info unhandled (migration *_eprescriptions.sql), until the pharmacy enters it.
 */
function announcesPrescription(record: CustomerRecord | undefined): CustomerRecord | undefined {
  const latest = latestById(record?.webshop_customer_additional_info);
  if (!record || !latest?.handled) return record;
  return { ...record, webshop_customer_additional_info: (record.webshop_customer_additional_info ?? []).map((i) => (i.id === latest.id ? { ...i, handled: false } : i)) };
}

/** What the send-method screen reads of the table: every e-prescription of the patient (hooks/use-eprescriptions.ts adds their outbox state). */
export const ePrescriptionRows = everyRow(EPRESCRIPTION_TABLE);

export const ePrescriptions = declareTable({
  name: EPRESCRIPTION_TABLE,
  mirror: 'rows',
  key: ['customer_id', 'rx_id'],
  write: 'insert',
  supersedes: false,
  // customer_id: whose prescription (a helper sends for the person they act for, issue 41)
  insertThrough: { fn: 'ePrescription', body: ({ raw, summary, customer_id }) => ({ raw, summary, customer_id }) },
  onInsert: announcesPrescription,
  pullWindow: { column: 'sent_at', days: 400 },
  readAhead: ePrescriptionRows,
  label: always('sync.kind.ePrescription'),
});
