import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An API key is `wak_<prefix>_<secret>`: the prefix (10 characters, public, shown in the list) finds the row
 * in one indexed lookup; the secret (40 characters, about 238 bits) is what proves possession. Only the
 * SHA-256 of the whole key is stored: a fast hash is enough for a random secret this long, and it keeps the
 * lookup on every request cheap.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PREFIX_LENGTH = 10;
const SECRET_LENGTH = 40;

/** Base62 without bias: bytes at or above the largest multiple of 62 are dropped. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newPrefix = (): string => randomBase62(PREFIX_LENGTH);
export const newKey = (prefix: string): string => `wak_${prefix}_${randomBase62(SECRET_LENGTH)}`;
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The prefix of a well-formed key, null otherwise (no lookup is made for a malformed one). */
export function prefixOf(key: string): string | null {
  const match = /^wak_([A-Za-z0-9]{10})_([A-Za-z0-9]{40})$/.exec(key);
  return match ? match[1]! : null;
}

/** Compares two hex SHA-256 hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
