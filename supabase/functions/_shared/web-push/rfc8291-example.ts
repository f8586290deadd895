// Test data: the worked example of RFC 8291 Appendix A (line breaks of the RFC removed), and its
// keys imported for WebCrypto. Used by the vitest and the Deno tests; nothing else imports it.
import { fromBase64Url, toBase64Url } from './bytes.ts';
import type { PushReceiverKeys } from './decrypt.ts';

export const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  /** the whole message body: header (salt, rs = 4096, idlen = 65, as_public) and ciphertext */
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
} as const;

const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

async function importPair(publicKey: string, d: string): Promise<CryptoKeyPair> {
  const point = fromBase64Url(publicKey);
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)), d };
  return {
    privateKey: await crypto.subtle.importKey('jwk', jwk, ECDH_P256, false, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('raw', point, ECDH_P256, true, []),
  };
}

/** The application server's "ephemeral" key pair of the example. */
export const rfcSenderKeys = (): Promise<CryptoKeyPair> => importPair(RFC8291.asPublic, RFC8291.asPrivate);

/** The user agent's side of the example: its private key, public key and auth secret. */
export async function rfcReceiverKeys(): Promise<PushReceiverKeys> {
  const { privateKey } = await importPair(RFC8291.uaPublic, RFC8291.uaPrivate);
  return { privateKey, publicKey: fromBase64Url(RFC8291.uaPublic), authSecret: fromBase64Url(RFC8291.authSecret) };
}
