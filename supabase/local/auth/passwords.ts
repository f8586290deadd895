// Password hashing (bcrypt, '$2a$' like Go's bcrypt and pgcrypto's crypt(pw, gen_salt('bf')),
// so the seed's hashes and ours verify both ways) and GoTrue's strength check.
import bcrypt from 'bcryptjs';
import { BCRYPT_COST, MAX_PASSWORD_LENGTH } from './context.ts';
import { validationFailed, weakPassword } from './errors.ts';

export async function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
  const salt = (await bcrypt.genSalt(cost)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

// Compared against when the user is unknown, so that both cases take the same time.
const dummyHashes = new Map<number, Promise<string>>();

export async function verifyPassword(password: string, hash: string | null | undefined, cost = BCRYPT_COST): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$\d\d\$/.test(hash)) {
    let dummy = dummyHashes.get(cost);
    if (!dummy) dummyHashes.set(cost, (dummy = hashPassword('not the password of anyone', cost)));
    await bcrypt.compare(password, await dummy);
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

export interface Weakness {
  message: string;
  reasons: string[];
}

/** GoTrue's checkPasswordStrength without the HIBP check; null when strong enough. */
export function passwordWeakness(password: string, minimumLength: number): Weakness | null {
  if (password.length < minimumLength) {
    return { message: `Password should be at least ${minimumLength} characters.`, reasons: ['length'] };
  }
  return null;
}

/** Throws 400 (too long for bcrypt) or 422 weak_password. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const weak = passwordWeakness(password, minimumLength);
  if (weak) throw weakPassword(weak.message, weak.reasons);
}
