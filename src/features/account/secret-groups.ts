/** A TOTP secret in blocks of 4 characters, for reading aloud and typing by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/gu, '').match(/.{1,4}/gu) ?? []).join(' ');
}
