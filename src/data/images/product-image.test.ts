// spec §7 "Other": product pictures from an external image host by pharmacode, 150 or 500 px,
// front 3D preferred, with a placeholder if none.
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../../domain/product-picture';
import { DEFAULT_PRODUCT_IMAGE_HOST } from '../build-env-schema';
import { isProductImageUrl, productImageHost, productImageUrl, productPictureUrl } from './product-image';

const HOST = 'https://images.example.test/pi';

describe('productImageHost', () => {
  it('defaults to the product-index image host when nothing is configured', () => {
    expect(productImageHost(undefined)).toBe(DEFAULT_PRODUCT_IMAGE_HOST);
  });
  it('drops trailing slashes and blanks', () => {
    expect(productImageHost(' https://images.example.test/pi/// ')).toBe(HOST);
  });
  it('is empty (pictures off) for an empty value or something that is not an http(s) URL', () => {
    expect(productImageHost('')).toBe('');
    expect(productImageHost('   ')).toBe('');
    expect(productImageHost('not a url')).toBe('');
    expect(productImageHost('javascript:alert(1)')).toBe('');
  });
});

describe('productImageUrl', () => {
  it('builds the picture URL by pharmacode, size and kind', () => {
    expect(productImageUrl(712345, 150, 'front3d', HOST)).toBe(`${HOST}/PICFRONT3D/Pharmacode/712345/150`);
    expect(productImageUrl(712345, 500, 'front3d', HOST)).toBe(`${HOST}/PICFRONT3D/Pharmacode/712345/500`);
    expect(productImageUrl(767890, 150, 'front', HOST)).toBe(`${HOST}/PICFRONT/Pharmacode/767890/150`);
    expect(productImageUrl(767890, 500, 'front', HOST)).toBe(`${HOST}/PICFRONT/Pharmacode/767890/500`);
  });
  it('prefers the 3D front when no kind is given', () => {
    expect(productImageUrl(712345, 500, undefined, HOST)).toBe(`${HOST}/PICFRONT3D/Pharmacode/712345/500`);
  });
  it('accepts a pharmacode as text and drops leading zeros', () => {
    expect(productImageUrl(' 0712345 ', 150, 'front', HOST)).toBe(`${HOST}/PICFRONT/Pharmacode/712345/150`);
  });
  it('uses the host of the build (VITE_PRODUCT_IMAGE_HOST, else the default) when none is passed', () => {
    const host = import.meta.env.VITE_PRODUCT_IMAGE_HOST === undefined ? DEFAULT_PRODUCT_IMAGE_HOST : productImageHost();
    expect(productImageUrl(712345, 150, 'front3d')).toBe(host ? `${host}/PICFRONT3D/Pharmacode/712345/150` : PRODUCT_IMAGE_PLACEHOLDER);
  });
  it('gives the placeholder for a pharmacode that is no positive whole number, and when pictures are off', () => {
    for (const bad of [0, -5, 1.5, 'abc', '', '12a', '0000', Number.NaN]) {
      expect(productImageUrl(bad, 150, 'front3d', HOST)).toBe(PRODUCT_IMAGE_PLACEHOLDER);
    }
    expect(productImageUrl(712345, 150, 'front3d', '')).toBe(PRODUCT_IMAGE_PLACEHOLDER);
  });
  it('never lets a pharmacode change the path', () => {
    expect(productImageUrl('1/../../x', 150, 'front', HOST)).toBe(PRODUCT_IMAGE_PLACEHOLDER);
  });
});

describe('productPictureUrl (front 3D preferred, placeholder if none)', () => {
  it('takes the 3D front when the catalogue has one', () => {
    expect(productPictureUrl(712345, { picfront: '712345_PICFRONT.JPG', picfront3d: '712345_PICFRONT3D.JPG' }, 500, HOST)).toBe(
      `${HOST}/PICFRONT3D/Pharmacode/712345/500`,
    );
  });
  it('falls back to the flat front', () => {
    expect(productPictureUrl(767890, { picfront: '767890_PICFRONT.JPG', picfront3d: null }, 150, HOST)).toBe(
      `${HOST}/PICFRONT/Pharmacode/767890/150`,
    );
  });
  it('shows the placeholder when there is no picture', () => {
    expect(productPictureUrl(767890, { picfront: null, picfront3d: null }, 150, HOST)).toBe(PRODUCT_IMAGE_PLACEHOLDER);
    expect(productPictureUrl(767890, null, 150, HOST)).toBe(PRODUCT_IMAGE_PLACEHOLDER);
    expect(productPictureUrl(767890, undefined, 500, HOST)).toBe(PRODUCT_IMAGE_PLACEHOLDER);
  });
});

describe('isProductImageUrl', () => {
  it('matches URLs under the configured host only', () => {
    expect(isProductImageUrl(`${HOST}/PICFRONT3D/Pharmacode/712345/150`, HOST)).toBe(true);
    expect(isProductImageUrl(new URL(`${HOST}/PICFRONT/Pharmacode/1/500`), HOST)).toBe(true);
    expect(isProductImageUrl(`${HOST}x/PICFRONT/Pharmacode/1/500`, HOST)).toBe(false);
    expect(isProductImageUrl('https://images.example.test/other/1', HOST)).toBe(false);
    expect(isProductImageUrl(`${HOST}/PICFRONT/Pharmacode/1/500`, '')).toBe(false);
  });
});
