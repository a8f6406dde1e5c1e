import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { PresignedUpload, StoragePort, StoredObject } from './storage.port.js';

export const LOCAL_STORAGE_PREFIX = '/storage/';

export interface SignedRequest {
  method: 'PUT' | 'GET';
  key: string;
  expires: number;
  contentType?: string;
  maxBytes?: number;
}

/**
 * The embedded object store: files under `$DATA_DIR/uploads`, reached through URLs signed with an expiring
 * HMAC (the service's own presigned URLs). PUT URLs pin the content type and the maximum size.
 */
export class LocalStorageAdapter implements StoragePort {
  constructor(
    private readonly root: string,
    private readonly publicUrl: string,
    private readonly secret: string,
    private readonly ttlSeconds: number,
    /** How long a read URL handed out for a stored file stays valid. */
    private readonly readTtlSeconds = 7 * 24 * 3600,
  ) {}

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
    const readExpires = Math.floor(Date.now() / 1000) + this.readTtlSeconds;
    return {
      uploadUrl: this.signedUrl(put),
      fileUrl: this.signedUrl({ method: 'GET', key: input.key, expires: readExpires }),
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

  async write(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  keyFromUrl(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    const base = new URL(this.publicUrl);
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(LOCAL_STORAGE_PREFIX)) return null;
    const key = decodeURIComponent(parsed.pathname.slice(LOCAL_STORAGE_PREFIX.length));
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

  private signedUrl(req: SignedRequest): string {
    const q = new URLSearchParams({ expires: String(req.expires) });
    if (req.contentType) q.set('contentType', req.contentType);
    if (req.maxBytes) q.set('maxBytes', String(req.maxBytes));
    q.set('signature', this.sign(req));
    return `${this.publicUrl}${LOCAL_STORAGE_PREFIX}${req.key.split('/').map(encodeURIComponent).join('/')}?${q}`;
  }

  private sign(req: SignedRequest): string {
    const canonical = [req.method, req.key, req.expires, req.contentType ?? '', req.maxBytes ?? ''].join(
      '\n',
    );
    return createHmac('sha256', this.secret).update(canonical).digest('hex');
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
