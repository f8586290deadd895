// Dexie version 3: the outbox entries of version 2 — one bespoke kind per write — as the
// generic entries of the registry of synced tables (src/data/outbox/kinds.ts). Pure: the
// upgrade reads every entry, converts them in their order, and writes them back.
import { ADDITIONAL_INFO, ADDRESS, CUSTOMER, INSURANCE, ORDER_DEFAULTS, QUESTIONNAIRE } from '../tables/customer-record';
import type { OutboxEntry } from './mirror-schema';
import { isTempId } from './temp-ids';

type Payload = Record<string, unknown> & { id?: unknown };

const LIST_OF_KIND: Readonly<Record<string, string>> = {
  'address.upsert': ADDRESS,
  'insurance.upsert': INSURANCE,
  'questionnaire.upsert': QUESTIONNAIRE,
  'additionalInfo.upsert': ADDITIONAL_INFO,
};

function fieldsOf(payload: Payload): Record<string, unknown> {
  const { id: _id, ...fields } = payload;
  return fields;
}

/**
 * The entries (in replay order) in the generic form. An upsert that named a temporary id
 * inserted the row when it came first for that id and updated it afterwards; entries of kinds
 * this version never wrote stay as they are (isKnownEntry ignores them).
 */
export function upgradeOutboxEntries(entries: readonly OutboxEntry[]): OutboxEntry[] {
  const inserted = new Set<string>();
  return entries.map((entry) => {
    const payload = (entry.payload ?? {}) as Payload;
    const id = payload.id as number | string;
    const row = (kind: string, table: string, fields: Record<string, unknown>) => ({ ...entry, kind, payload: { table, id, fields } });
    const list = LIST_OF_KIND[entry.kind];
    if (list) {
      const first = typeof id === 'number' && isTempId(id) && !inserted.has(`${list}:${id}`);
      if (first) inserted.add(`${list}:${id}`);
      return row(first ? 'row.insert' : 'row.update', list, fieldsOf(payload));
    }
    switch (entry.kind) {
      case 'customer.upsert':
        return row('row.upsert', CUSTOMER, fieldsOf(payload));
      case 'orderDefaults.insert':
        return row('row.insert', ORDER_DEFAULTS, fieldsOf(payload));
      case 'additionalInfo.sendAsap':
        return row('row.update', ADDITIONAL_INFO, fieldsOf(payload));
      case 'additionalInfo.delete':
        return { ...entry, kind: 'row.delete', payload: { table: ADDITIONAL_INFO, id } };
      case 'order.create':
        return { ...entry, kind: 'call', payload: { name: 'webshopOrder', id, body: payload.body } };
      case 'mail.prescriptionLocation':
        return { ...entry, kind: 'call', payload: { name: 'prescriptionLocationMail', id, body: payload.body } };
      default:
        return entry;
    }
  });
}
