// Product pictures (spec §7 "Other"): 150 px in lists, 500 px on a product's detail, a
// placeholder when the catalogue knows no picture or it cannot be loaded.

export type ProductImageSize = 150 | 500;

/** Shipped with the app (public/) and precached, so it also shows offline; a raster image (decoded off the main thread), drawn from scripts/images/product-placeholder.svg. */
export const PRODUCT_IMAGE_PLACEHOLDER = '/images/product-placeholder.png';
