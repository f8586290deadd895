import type { EPrescriptionSummary } from '../../domain/emediplan/e-prescription-summary';
import type { LocalDb } from '../local/local-db';
import { mirrorQuery } from '../local/mirror-query';
import { ownerIn, dexieReads, tableReadIn, type MirrorReads } from '../local/mirror-reads';
import { EPRESCRIPTION_TABLE, ePrescriptionRows, ePrescriptions } from '../tables/eprescriptions';
import { rowKey } from '../tables/table-declaration';
import { useMirrorQuery } from './use-mirror-query';

/** An e-prescription the patient sent (tables/eprescriptions.ts), as the mirror has it. */
export interface SentEPrescription {
  rxId: string;
  /** when the server received it; while it waits, when it was sent on this device */
  sentAt: string;
  summary: EPrescriptionSummary;
  /** still waiting on this device to be sent */
  pending: boolean;
  /** the server refused it (its code): another device sent it first (`conflict`), or a rule */
  refused: string | null;
}

/** The patient's e-prescriptions, newest first, with what their outbox entries say. */
export const readEPrescriptions = (db: LocalDb): Promise<SentEPrescription[]> => ePrescriptionsIn(dexieReads(db));

async function ePrescriptionsIn(reads: MirrorReads): Promise<SentEPrescription[]> {
  const owner = await ownerIn(reads);
  if (!owner) return [];
  const [rows, entries] = await Promise.all([tableReadIn(reads, ePrescriptionRows), reads.where('outbox', 'customer_id', owner)]);
  const state = new Map<string, { status: string; code: string | null }>();
  for (const e of entries) {
    const p = e.payload as { table?: unknown; id?: unknown } | null;
    if (e.kind === 'row.insert' && p?.table === EPRESCRIPTION_TABLE) state.set(String(p.id), { status: e.status, code: e.lastError?.code ?? null });
  }
  return rows
    .map((row) => {
      const entry = state.get(rowKey(ePrescriptions, row));
      return {
        rxId: String(row.rx_id),
        sentAt: String(row.sent_at),
        summary: row.summary as EPrescriptionSummary,
        pending: entry?.status === 'pending',
        refused: entry?.status === 'rejected' ? (entry.code ?? 'invalid') : null,
      };
    })
    .sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
}

/** The patient's e-prescriptions (undefined while the first read runs); read ahead by /prescriptions/add. */
export const ePrescriptionsQuery = mirrorQuery('ePrescriptions', ['meta', 'rows', 'outbox'], ePrescriptionsIn);

export function useEPrescriptions(db?: LocalDb): SentEPrescription[] | undefined {
  return useMirrorQuery(ePrescriptionsQuery, db);
}
