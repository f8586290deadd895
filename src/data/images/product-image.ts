// Product pictures (spec §7 "Other"): an external product-index image host serves them by
// pharmacode, 150 or 500 px, the 3D front preferred, the flat front otherwise, and a
// placeholder when the catalogue knows neither (pharmindex_images.picfront3d / picfront).
//
// The host is a build setting, VITE_PRODUCT_IMAGE_HOST (src/data/build-env-schema.ts): a base
// URL (origin and an optional path, no trailing slash needed) under which a picture lives at
//   {host}/{PICFRONT3D|PICFRONT}/Pharmacode/{pharmacode}/{150|500}
// (the path scheme of the HCI Solutions / Documedis product image API, the default host).
// An empty value turns the external pictures off: every product shows the placeholder.
// The service worker (sw/sw.ts) caches whatever lives under this host cache-first.
import { PRODUCT_IMAGE_PLACEHOLDER, type ProductImageSize } from '../../domain/product-picture';
import { buildEnv } from '../build-env';

export type ProductImageKind = 'front3d' | 'front';

/**
 * The service worker's cache of product pictures. Its URLs name the patient's pharmacodes, so
 * it is medical data: a sign-out deletes it with its expiration records (src/data/local/wipe-caches.ts).
 */
export const PRODUCT_IMAGE_CACHE = 'product-images';

/** The message a page posts to the service worker to delete that cache; the worker answers on the given port. */
export const WIPE_PATIENT_CACHES = 'WIPE_PATIENT_CACHES';


const KIND_SEGMENT: Record<ProductImageKind, string> = { front3d: 'PICFRONT3D', front: 'PICFRONT' };

/** The configured host without trailing slashes; '' when pictures are turned off or the value is no http(s) URL. */
export function productImageHost(configured: string = buildEnv.productImageHost): string {
  const raw = configured.trim().replace(/\/+$/, '');
  if (!raw) return '';
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? raw : '';
  } catch {
    return '';
  }
}

/** A pharmacode is a positive whole number (up to 7 digits in practice); leading zeros are dropped. */
function normalisePharmacode(pharmacode: number | string): string | null {
  const text = String(pharmacode).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const normalised = text.replace(/^0+/, '');
  return normalised === '' ? null : normalised;
}

/**
 * The URL of one product picture on the image host, or the placeholder when the pharmacode
 * is not valid or no host is configured.
 */
export function productImageUrl(
  pharmacode: number | string,
  size: ProductImageSize,
  kind: ProductImageKind = 'front3d',
  host: string = productImageHost(),
): string {
  const code = normalisePharmacode(pharmacode);
  if (!code || !host) return PRODUCT_IMAGE_PLACEHOLDER;
  return `${host}/${KIND_SEGMENT[kind]}/Pharmacode/${code}/${size}`;
}

/** The picture fields of a pharmindex row (pharmindex_images, embedded). */
export interface ProductPictures {
  picfront?: string | null;
  picfront3d?: string | null;
}

/** spec §7: front 3D preferred, the flat front otherwise, a placeholder if none. */
export function productPictureUrl(
  pharmacode: number | string,
  pictures: ProductPictures | null | undefined,
  size: ProductImageSize,
  host: string = productImageHost(),
): string {
  if (pictures?.picfront3d) return productImageUrl(pharmacode, size, 'front3d', host);
  if (pictures?.picfront) return productImageUrl(pharmacode, size, 'front', host);
  return PRODUCT_IMAGE_PLACEHOLDER;
}

/** True for a URL the service worker should treat as a product picture of the configured host. */
export function isProductImageUrl(url: URL | string, host: string = productImageHost()): boolean {
  if (!host) return false;
  const href = typeof url === 'string' ? url : url.href;
  return href.startsWith(`${host}/`);
}
