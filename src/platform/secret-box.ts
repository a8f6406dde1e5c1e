import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (messaging-provider passwords). Each value gets a random 96-bit IV; the
 * envelope names the key that sealed it (`v1.<keyId>.<iv>.<tag>.<ciphertext>`, base64url), so a key can be
 * rotated: new values use the current key, old ones still open with a previous key until re-sealed.
 */
export class SecretBox {
  private readonly current: { id: string; key: Buffer };
  private readonly keys = new Map<string, Buffer>();

  constructor(currentKeyBase64: string, previousKeysBase64: string[] = []) {
    for (const k of [currentKeyBase64, ...previousKeysBase64]) {
      const key = Buffer.from(k, 'base64');
      if (key.length !== 32) throw new Error('Encryption keys must be 32 bytes');
      this.keys.set(keyId(key), key);
    }
    const key = Buffer.from(currentKeyBase64, 'base64');
    this.current = { id: keyId(key), key };
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      'v1',
      this.current.id,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, id, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !id || !iv || !tag || ciphertext === undefined)
      throw new Error('Malformed sealed value');
    const key = this.keys.get(id);
    if (!key) throw new Error('Sealed with an unknown key');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** True when the value was sealed with an older key and should be re-sealed. */
  needsRotation(sealed: string): boolean {
    return sealed.split('.')[1] !== this.current.id;
  }
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}
