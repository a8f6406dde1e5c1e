import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A sealed value that does not open: malformed, sealed with an unknown key, tampered, or bound elsewhere. */
export class SecretUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretUnreadableError';
  }
}

/**
 * AES-256-GCM for secrets at rest (messaging-provider passwords). Each value gets a random 96-bit IV; the
 * envelope names the key that sealed it, so a key can be rotated: new values use the current key, old ones
 * still open with a previous key until re-sealed.
 *
 * `v2.<keyId>.<iv>.<tag>.<ciphertext>` (base64url) is bound to its owner: the owner's id (a business id) is
 * the cipher's associated data, so a value copied to another owner's row does not open. `v1` values carry no
 * binding; they are still opened (values stored before binding existed) and reported by `needsRotation`.
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

  /** Seals `plaintext` bound to `owner` (v2); without an owner, unbound (v1). */
  seal(plaintext: string, owner?: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    if (owner !== undefined) cipher.setAAD(aadOf(owner));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      owner === undefined ? 'v1' : 'v2',
      this.current.id,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  /**
   * Opens a value. A v2 value opens only for the owner it was sealed for (and never without one); a v1 value
   * has no owner to check. Throws SecretUnreadableError otherwise.
   */
  open(sealed: string, owner?: string, opts: { allowUnbound?: boolean } = {}): string {
    const [version, id, iv, tag, ciphertext] = sealed.split('.');
    if ((version !== 'v1' && version !== 'v2') || !id || !iv || !tag || ciphertext === undefined)
      throw new SecretUnreadableError('Malformed sealed value');
    if (version === 'v1' && this.unboundRetired && !opts.allowUnbound)
      throw new SecretUnreadableError('An unbound value no longer opens; it was not re-sealed to its owner');
    const key = this.keys.get(id);
    if (!key) throw new SecretUnreadableError('Sealed with an unknown key');
    if (version === 'v2' && owner === undefined)
      throw new SecretUnreadableError('A bound value needs its owner to open');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (version === 'v2') decipher.setAAD(aadOf(owner!));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretUnreadableError('Sealed value does not open (tampered, or sealed for another owner)');
    }
  }

  private unboundRetired = false;

  /**
   * Called once the start-up re-seal has bound every stored value to its owner: from then on a v1 value
   * (one copied in from elsewhere, say) opens for nobody, except to the re-seal (`allowUnbound`).
   */
  retireUnbound(): void {
    this.unboundRetired = true;
  }

  /** True when the value should be sealed again: an older key, or not bound to an owner (v1). */
  needsRotation(sealed: string): boolean {
    const [version, id] = sealed.split('.');
    return version !== 'v2' || id !== this.current.id;
  }
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function aadOf(owner: string): Buffer {
  return Buffer.from(`owner:${owner}`, 'utf8');
}
