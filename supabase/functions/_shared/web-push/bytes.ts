// Bytes as Web Push and JOSE write them: base64url without padding (RFC 4648 §5) for keys,
// salts, auth secrets and signatures. atob/btoa exist in Deno and Node 20 alike;
// Uint8Array.fromBase64 does not exist in Node 20 yet.

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes base64url; trailing `=` padding is tolerated because some stores keep subscription
 * keys padded. Throws a TypeError for anything else that is not base64url.
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const unpadded = text.replace(/=+$/, '');
  if (!BASE64URL.test(text) || unpadded.length % 4 === 1) throw new TypeError('not base64url');
  const binary = atob(unpadded.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(unpadded.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
