// The catalogue's names and pictures of the medicaments a scanned e-prescription names (issue
// 27): by pharmacode (pharmindex) or by product number (pharmindex_product, the picture of its
// first article). Public data; never throws. Codes the catalogue does not know are absent: the
// screen shows them as the prescription gives them.
import type { MedicamentIdType } from '../../domain/emediplan/e-prescription-summary';
import { err, ok, type Result } from '../../domain/result';
import type { ProductPictures } from '../images/product-image';
import type { AppClient } from '../supabase-client';
import type { LookupError } from './medication-lookup';

export interface CatalogueProduct {
  dscrd: string;
  dscrf: string | null;
  /** the article whose picture stands for it, and its picture fields */
  pharmacode: number;
  pictures: ProductPictures | null;
}

/** The key of a prescribed medicament in the answer: its id type and id. */
export const productKey = (idType: MedicamentIdType, id: string): string => `${idType}:${id.trim()}`;

const CODE = /^\d{1,15}$/;
const codesOf = (items: readonly { id: string; idType: MedicamentIdType }[], type: MedicamentIdType) => [
  ...new Set(items.filter((m) => m.idType === type && CODE.test(m.id.trim())).map((m) => Number(m.id.trim()))),
];

type PictureRow = { picfront: string | null; picfront3d: string | null } | null;
const failure = (status: number): LookupError => (status === 0 && globalThis.navigator?.onLine === false ? 'offline' : 'failed');

export async function fetchPrescribedProducts(
  client: AppClient,
  items: readonly { id: string; idType: MedicamentIdType }[],
): Promise<Result<ReadonlyMap<string, CatalogueProduct>, LookupError>> {
  const pharmacodes = codesOf(items, 'pharmacode');
  const prdnos = codesOf(items, 'product_number');
  const found = new Map<string, CatalogueProduct>();
  try {
    if (pharmacodes.length > 0) {
      const { data, error, status } = await client.from('pharmindex').select('pharmacode, dscrd, dscrf, pharmindex_images(picfront, picfront3d)').in('pharmacode', pharmacodes);
      if (error) return err(failure(status));
      for (const row of data ?? []) {
        const pharmacode = Number(row.pharmacode);
        found.set(productKey('pharmacode', String(pharmacode)), { dscrd: row.dscrd, dscrf: row.dscrf, pharmacode, pictures: (row.pharmindex_images as PictureRow) ?? null });
      }
    }
    if (prdnos.length > 0) {
      const [products, articles] = await Promise.all([
        client.from('pharmindex_product').select('prdno, dscrd, dscrf').in('prdno', prdnos),
        client.from('pharmindex').select('pharmacode, prdno, pharmindex_images(picfront, picfront3d)').in('prdno', prdnos).order('pharmacode'),
      ]);
      if (products.error) return err(failure(products.status));
      if (articles.error) return err(failure(articles.status));
      for (const product of products.data ?? []) {
        const article = (articles.data ?? []).find((a) => Number(a.prdno) === Number(product.prdno));
        found.set(productKey('product_number', String(Number(product.prdno))), {
          dscrd: product.dscrd,
          dscrf: product.dscrf,
          pharmacode: article ? Number(article.pharmacode) : 0,
          pictures: (article?.pharmindex_images as PictureRow | undefined) ?? null,
        });
      }
    }
  } catch {
    return err(failure(0));
  }
  return ok(found);
}
