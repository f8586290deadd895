import { useEffect, useState } from 'react';
import type { Pharmacode } from '../../domain/entities';
import { fetchGenericAlternatives, type GenericAlternativeRow } from '../catalogue/generic-alternatives';
import { appClient } from '../app-client';
import type { AppClient } from '../supabase-client';
import { useOnline } from './use-online';

export type GenericAlternativesByCode = ReadonlyMap<Pharmacode, readonly GenericAlternativeRow[]>;

/**
 * The generic alternatives of each product (spec §7 webshopGenericMeds "called for each active
 * prescription"), for the generic tip of spec §4, asked side by side. A product whose answer is
 * an error (already a generic, sloplus2, not found, failed) has no entry. null while asking, when
 * not wanted (`enabled` false: the order defaults allow generics already) or offline (the tip is
 * a suggestion; the order flow works without it). `client` for tests.
 */
export async function loadGenericAlternatives(client: AppClient, pharmacodes: readonly Pharmacode[]): Promise<GenericAlternativesByCode> {
  const answers = await Promise.all(pharmacodes.map(async (code) => [code, await fetchGenericAlternatives(client, code)] as const));
  return new Map(answers.flatMap(([code, answer]) => (answer.ok ? [[code, answer.value] as const] : [])));
}

export function useGenericAlternatives(pharmacodes: readonly Pharmacode[], enabled: boolean, client: () => AppClient | Promise<AppClient> = appClient): GenericAlternativesByCode | null {
  const online = useOnline();
  const [found, setFound] = useState<{ key: string; alternatives: GenericAlternativesByCode } | null>(null);
  // the request depends on the codes, not on the array
  const key = [...pharmacodes].sort((a, b) => a - b).join(',');

  useEffect(() => {
    if (!enabled || !online || key === '') return;
    let current = true;
    void Promise.resolve(client())
      .then((c) => loadGenericAlternatives(c, key.split(',').map(Number)))
      .then(
        (alternatives) => {
          if (current) setFound({ key, alternatives });
        },
        // the client's files could not load (offline without them): no tip, the order goes on without it
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [key, enabled, online, client]);

  return enabled && found?.key === key ? found.alternatives : null;
}
