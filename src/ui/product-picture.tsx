import { PRODUCT_IMAGE_PLACEHOLDER, type ProductImageSize } from '../domain/product-picture';

/** Shown size in CSS pixels: a list row and a detail view (the image host's 150 and 500 px pictures, sharp at 2×). */
const SHOWN: Record<ProductImageSize, number> = { 150: 72, 500: 240 };

/**
 * A product picture, the same everywhere a product shows: width and height set (the page never
 * shifts when it arrives), loaded lazily, the placeholder when it cannot be loaded. `src` comes
 * from the data layer's productPictureUrl (front 3D preferred). Decorative by default — the
 * product's name stands beside it; pass `alt` where it stands alone.
 */
export function ProductPicture({ src, size = 150, alt = '', className }: { src: string; size?: ProductImageSize; alt?: string; className?: string }) {
  const shown = SHOWN[size];
  return (
    <img
      className={`product-picture${className ? ` ${className}` : ''}`}
      src={src}
      alt={alt}
      width={shown}
      height={shown}
      loading="lazy"
      decoding="async"
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(PRODUCT_IMAGE_PLACEHOLDER)) e.currentTarget.src = PRODUCT_IMAGE_PLACEHOLDER;
      }}
    />
  );
}
