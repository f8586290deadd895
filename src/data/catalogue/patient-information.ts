// The compendium lookup of spec §7: pharmindex_compendium_product by prdno with cdtexttype PI,
// joined with pharmindex_compendium (content_de, content_fr). One product for a screen, a batch
// for the pull (the prescriptions' texts are kept in the mirror so they read offline). A product
// without a text is answered with both contents null, so "no text" is known, also offline.
import type { PatientInformation } from '../../domain/entities';
import { err, ok, type Result } from '../../domain/result';
import type { AppClient } from '../supabase-client';

/** 'network': no answer (offline, server unreachable); 'failed': the server answered with an error. */
export type PatientInformationError = 'network' | 'failed';

/** PostgREST's `in` filter goes into the URL: prdnos are asked for in batches of this size. */
export const PRDNO_BATCH = 150;

const SELECT = 'prdno, pharmindex_compendium(content_de, content_fr)';

const failure = (status: number): PatientInformationError => (status === 0 ? 'network' : 'failed');

export async function fetchPatientInformation(client: AppClient, prdnos: readonly number[]): Promise<Result<PatientInformation[], PatientInformationError>> {
  const wanted = [...new Set(prdnos.map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
  const found = new Map<number, PatientInformation>();
  try {
    for (let i = 0; i < wanted.length; i += PRDNO_BATCH) {
      const { data, error, status } = await client
        .from('pharmindex_compendium_product')
        .select(SELECT)
        .eq('cdtexttype', 'PI')
        .in('prdno', wanted.slice(i, i + PRDNO_BATCH));
      if (error) return err(failure(status));
      for (const row of data ?? []) {
        const text = row.pharmindex_compendium;
        found.set(Number(row.prdno), { prdno: Number(row.prdno), content_de: text?.content_de ?? null, content_fr: text?.content_fr ?? null });
      }
    }
  } catch {
    return err('network');
  }
  return ok(wanted.map((prdno) => found.get(prdno) ?? { prdno, content_de: null, content_fr: null }));
}
