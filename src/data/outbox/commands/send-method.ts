// How the prescription reaches the pharmacy (spec §4, §7 additional info): the send method, the
// send-asap answer, its reset, and the announcement mail.
import type { AdditionalInfo, CustomerId, CustomerRecord } from '../../../domain/entities';
import { latestById } from '../../../domain/latest-by-id';
import { err, ok } from '../../../domain/result';
import { ADDITIONAL_INFO } from '../../tables/customer-record';
import type { PrescriptionMailBody, SendMethodFields } from '../kinds';
import { listWrite, queue, type CommandResult, type OutboxContext } from './queue';

/** The send method (spec §4/§7 additional-info upsert); a null method is the spec's "sets prescription_send_method to null". */
export function saveSendMethod(ctx: OutboxContext, customerId: CustomerId, fields: Partial<SendMethodFields>): Promise<CommandResult<'unchanged'>> {
  return queue(ctx, customerId, async (record, tempId) => {
    const { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name } = fields;
    return listWrite(record, ADDITIONAL_INFO, { prescription_send_method, prescription_location, send_all, description, doc_name, cpg_name }, tempId);
  });
}

export const latestInfo = (record: CustomerRecord | undefined): AdditionalInfo | null => latestById(record?.webshop_customer_additional_info);

/** The send-asap answer (spec §4): only send_asap of the latest additional info. */
export function setSendAsap(ctx: OutboxContext, customerId: CustomerId, sendAsap: boolean): Promise<CommandResult<'no_send_method'>> {
  return queue(ctx, customerId, async (record) => {
    const info = latestInfo(record);
    if (!info) return err('no_send_method');
    return ok({ kind: 'row.update', payload: { table: ADDITIONAL_INFO, id: info.id, fields: { send_asap: sendAsap } } });
  });
}

/**
 * Tells the chosen partner (espace) or the pharmacy's desk (post, email) that a prescription
 * comes (spec §7 prescriptionLocationMail), once: through the outbox, so a choice made offline
 * is mailed when the connection is back, and the entry id keeps a replay from mailing twice.
 */
export function announcePrescription(ctx: OutboxContext, customerId: CustomerId, body: PrescriptionMailBody): Promise<CommandResult> {
  return queue(ctx, customerId, async (_record, tempId) => ok({ kind: 'call', payload: { name: 'prescriptionLocationMail', id: await tempId(), body: { ...body, customer_id: customerId } } }));
}

/** Reset of the send method (spec §4): deletes the latest additional-info record by id. */
export function resetSendMethod(ctx: OutboxContext, customerId: CustomerId): Promise<CommandResult<'no_send_method'>> {
  return queue(ctx, customerId, async (record) => {
    const info = latestInfo(record);
    if (!info) return err('no_send_method');
    return ok({ kind: 'row.delete', payload: { table: ADDITIONAL_INFO, id: info.id } });
  });
}
