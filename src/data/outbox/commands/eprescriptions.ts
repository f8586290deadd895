// Issue 27: a scanned e-prescription sent, with the send method it implies and the desk's mail.
import type { CustomerId } from '../../../domain/entities';
import type { EPrescriptionSummary } from '../../../domain/emediplan/e-prescription-summary';
import { err, ok } from '../../../domain/result';
import { ADDITIONAL_INFO } from '../../tables/customer-record';
import { EPRESCRIPTION_TABLE, ePrescriptions } from '../../tables/eprescriptions';
import { rowKey } from '../../tables/table-declaration';
import type { OutboxCommand } from '../kinds';
import { listWrite, queueMany, type CommandResult, type OutboxContext } from './queue';
import { latestInfo } from './send-method';

/** A scanned e-prescription, checked and confirmed (src/domain/emediplan/e-prescription-check.ts). */
export interface EPrescriptionFields {
  /** the prescription's Id (or its code's hash): one row per patient */
  rx_id: string;
  /** the scanned text exactly as given: the pharmacy verifies its signature */
  raw: string;
  /** what the patient was shown (EPrescriptionSummary) */
  summary: EPrescriptionSummary;
}

/**
 * Sends an e-prescription (issue 27): in one transaction, when no way is chosen yet the send
 * method 'eprescription', then the prescription (a new row of the e-prescriptions' table,
 * which the server answers 409 for an Id it holds already), then the desk's mail naming it
 * (prescriptionLocationMail {eprescription_id}). Offline they wait in this order and go once.
 * Refused here when the mirror already holds the prescription (`already_sent`: its row says when).
 * Answers with the prescription's entry.
 */
export function sendEPrescription(ctx: OutboxContext, customerId: CustomerId, rx: EPrescriptionFields): Promise<CommandResult<'already_sent'>> {
  return queueMany(ctx, customerId, async (record, tempId) => {
    const fields = { customer_id: customerId, rx_id: rx.rx_id, raw: rx.raw, summary: rx.summary, sent_at: new Date(ctx.now()).toISOString() };
    const key = rowKey(ePrescriptions, fields);
    if (await ctx.db.rows.get([EPRESCRIPTION_TABLE, key])) return err('already_sent');
    const commands: OutboxCommand[] = [];
    if (!latestInfo(record)?.prescription_send_method) {
      const method = await listWrite(
        record,
        ADDITIONAL_INFO,
        { prescription_send_method: 'eprescription', prescription_location: null, send_all: null, description: null, doc_name: null, cpg_name: null },
        tempId,
      );
      if (method.ok) commands.push(method.value);
    }
    commands.push({ kind: 'row.insert', payload: { table: EPRESCRIPTION_TABLE, id: key, fields } });
    commands.push({ kind: 'call', payload: { name: 'prescriptionLocationMail', id: await tempId(), body: { eprescription_id: rx.rx_id, customer_id: customerId } } });
    return ok({ commands, main: commands.length - 2 });
  });
}
