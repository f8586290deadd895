import { useEffect, useState } from 'react';
import type { MedicamentIdType } from '../../domain/emediplan/e-prescription-summary';
import { appClient } from '../app-client';
import { fetchPrescribedProducts, productKey, type CatalogueProduct } from '../catalogue/prescribed-products';
import type { AppClient } from '../supabase-client';
import { useMedications } from './use-medications';
import { useOnline } from './use-online';

export type PrescribedProducts = { status: 'loading' | 'ready' | 'offline' | 'failed'; products: ReadonlyMap<string, CatalogueProduct> };

const NONE: ReadonlyMap<string, CatalogueProduct> = new Map();

/**
 * The catalogue's name and picture of each medicament of a scanned prescription (keys:
 * productKey). Online from the catalogue; offline (or while it answers) from the mirror, which
 * knows the patient's own medications by pharmacode. What neither knows is absent.
 */
export function usePrescribedProducts(items: readonly { id: string; idType: MedicamentIdType }[], client: () => AppClient | Promise<AppClient> = appClient): PrescribedProducts {
  const online = useOnline();
  const key = items.map((m) => productKey(m.idType, m.id)).join(',');
  const pharmacodes = items.filter((m) => m.idType === 'pharmacode' && /^\d{1,10}$/.test(m.id.trim())).map((m) => Number(m.id.trim()));
  const stored = useMedications(pharmacodes);
  const [fetched, setFetched] = useState<{ key: string; status: 'ready' | 'failed'; products: ReadonlyMap<string, CatalogueProduct> } | null>(null);

  useEffect(() => {
    if (!online || !key) return;
    let current = true;
    void Promise.resolve()
      .then(client)
      .then((c) => fetchPrescribedProducts(c, items))
      .catch(() => ({ ok: false as const, error: 'failed' as const }))
      .then((answer) => {
        if (current) setFetched({ key, status: answer.ok ? 'ready' : 'failed', products: answer.ok ? answer.value : NONE });
      });
    return () => {
      current = false;
    };
    // the items are read through their key: a new array of the same codes asks nothing again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, key, client]);

  const fromMirror = new Map<string, CatalogueProduct>();
  for (const [pharmacode, m] of stored ?? []) {
    fromMirror.set(productKey('pharmacode', String(pharmacode)), { dscrd: m.dscrd, dscrf: m.dscrf, pharmacode, pictures: m.pharmindex_images ?? null });
  }
  if (fetched?.key === key) return { status: fetched.status, products: new Map([...fromMirror, ...fetched.products]) };
  return { status: online ? 'loading' : 'offline', products: fromMirror };
}
