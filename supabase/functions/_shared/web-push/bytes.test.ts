import { describe, expect, it } from 'vitest';
import { concatBytes, fromBase64Url, toBase64Url } from './bytes.ts';

describe('base64url (RFC 4648 §5)', () => {
  // RFC 4648 §10 test vectors, in the URL-safe alphabet without padding
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('%j <-> %j', (text, encoded) => {
    const bytes = new TextEncoder().encode(text);
    expect(toBase64Url(bytes)).toBe(encoded);
    expect(fromBase64Url(encoded)).toEqual(bytes);
  });

  it('uses - and _ where base64 has + and /', () => {
    const bytes = Uint8Array.of(0xfb, 0xff, 0xbf);
    expect(toBase64Url(bytes)).toBe('-_-_');
    expect(fromBase64Url('-_-_')).toEqual(bytes);
  });

  it('tolerates padding and refuses what is not base64url', () => {
    expect(fromBase64Url('Zm8=')).toEqual(new TextEncoder().encode('fo'));
    for (const bad of ['Zm+v', 'Zm/v', 'Zm 9v', 'Z', 'Zm9vY', '=Zm8', 'Zm8===']) expect(() => fromBase64Url(bad), bad).toThrow(TypeError);
  });

  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64Url(toBase64Url(all))).toEqual(all);
  });

  it('concatenates', () => {
    expect(concatBytes(Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3))).toEqual(Uint8Array.of(1, 2, 3));
  });
});
