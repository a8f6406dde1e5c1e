import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseUrl } from '../net/parse-url.js';
import { partialName } from './partial-name.js';
import type { PresignedUpload, StoragePort, StoredObject } from './storage.port.js';

export const LOCAL_STORAGE_PREFIX = '/storage/';

export interface SignedRequest {
  method: 'PUT';
  key: string;
  expires: number;
  contentType?: string;
  maxBytes?: number;
}

/**
 * The embedded object store: files under `$DATA_DIR/uploads`. Uploads go through URLs signed with an
 * expiring HMAC (the service's own presigned PUTs, pinning the content type and the maximum size). Reads
 * are public at a permanent URL, as from a public bucket: a fileUrl is stored for good (uploads, campaign
 * attachments, media the messaging provider fetches later), and every key holds a random UUID.
 */
export class LocalStorageAdapter implements StoragePort {
  /** The URL-signing key, derived for this purpose only: a signature is no oracle on the secret it comes from. */
  private readonly key: Buffer;

  constructor(
    private readonly root: string,
    private readonly publicUrl: string,
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'local-storage-urls', 'storage-url-signature', 32));
  }

  async presignUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
  }): Promise<PresignedUpload> {
    const expires = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const put: SignedRequest = {
      method: 'PUT',
      key: input.key,
      expires,
      contentType: input.contentType,
      maxBytes: input.maxBytes,
    };
    const q = new URLSearchParams({ expires: String(expires) });
    if (put.contentType) q.set('contentType', put.contentType);
    if (put.maxBytes) q.set('maxBytes', String(put.maxBytes));
    q.set('signature', this.sign(put));
    return {
      uploadUrl: `${this.objectUrl(input.key)}?${q}`,
      fileUrl: this.objectUrl(input.key),
      key: input.key,
      expiresAt: new Date(expires * 1000),
    };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async read(key: string): Promise<Readable> {
    await stat(this.pathOf(key));
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // As in `copy`: a reader never sees half a file at the final key.
    const partial = partialName(file);
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async copy(from: string, to: string): Promise<boolean> {
    if (!(await this.stat(from))) return false;
    const file = this.pathOf(to);
    await mkdir(path.dirname(file), { recursive: true });
    // To a temporary name first, then renamed: a reader never sees half a file at the final key.
    const partial = partialName(file);
    try {
      await copyFile(this.pathOf(from), partial);
      await rename(partial, file);
      return true;
    } catch (err) {
      await rm(partial, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async keysOlderThan(prefix: string, before: Date): Promise<string[]> {
    const dir = this.pathOf(prefix.replace(/\/+$/, ''));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtime < before) keys.push(path.relative(this.root, file).split(path.sep).join('/'));
    }
    return keys;
  }

  urlOf(key: string): string {
    return this.objectUrl(key);
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  keyFromUrl(url: string): string | null {
    const parsed = parseUrl(url);
    if (!parsed) return null;
    const base = new URL(this.publicUrl);
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(LOCAL_STORAGE_PREFIX)) return null;
    let key: string;
    try {
      key = decodeURIComponent(parsed.pathname.slice(LOCAL_STORAGE_PREFIX.length));
    } catch {
      return null; // not valid percent-encoding (`%zz`): no key of ours
    }
    return isSafeKey(key) ? key : null;
  }

  /** Checks a request against its signature; returns the reason it is refused, or null. */
  verify(req: SignedRequest, signature: string | undefined): string | null {
    if (!isSafeKey(req.key)) return 'Invalid key';
    if (!signature) return 'Missing signature';
    if (!Number.isFinite(req.expires) || req.expires < Date.now() / 1000) return 'URL expired';
    const expected = Buffer.from(this.sign(req), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Invalid signature';
    return null;
  }

  pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key);
  }

  private objectUrl(key: string): string {
    return `${this.publicUrl}${LOCAL_STORAGE_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private sign(req: SignedRequest): string {
    const canonical = [req.method, req.key, req.expires, req.contentType ?? '', req.maxBytes ?? ''].join(
      '\n',
    );
    return createHmac('sha256', this.key).update(canonical).digest('hex');
  }
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no empty segments. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    !key.startsWith('/') &&
    key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..' && /^[A-Za-z0-9._-]+$/.test(seg))
  );
}
