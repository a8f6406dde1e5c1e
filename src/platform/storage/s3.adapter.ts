import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { parseUrl } from '../net/parse-url.js';
import { isSafeKey } from './local.adapter.js';
import { storedMediaType } from './media-types.js';
import type { PresignedUpload, StoragePort, StoredObject } from './storage.port.js';

export interface S3StorageOptions {
  /** S3-compatible endpoint (`https://minio.example:9000`); unset means AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most S3-compatible servers need it). */
  forcePathStyle: boolean;
  /** Public base of the bucket (a CDN, a public bucket URL): fileUrl = `<publicUrl>/<key>`. */
  publicUrl?: string;
  /** Lifetime of a presigned PUT URL. */
  uploadTtlSeconds: number;
  /** The signing clock; tests move it to produce expired URLs. */
  now?: () => Date;
}

/**
 * Object storage on S3 or any S3-compatible server. Clients PUT straight to the bucket with a presigned URL
 * whose signature covers the content type and, when the size was declared, the exact length: a PUT with
 * other headers is refused by the server (SignatureDoesNotMatch). The service reads, checks and deletes
 * objects with the SDK.
 */
export class S3StorageAdapter implements StoragePort {
  private readonly sdk: Promise<S3Sdk>;
  private client?: S3Client;
  private readonly base: URL;

  constructor(private readonly opts: S3StorageOptions) {
    // The SDK (about half of the ~20 MiB the optional modules cost at start-up) loads only where S3 is set.
    this.sdk = loadSdk(opts);
    this.sdk.then(
      (sdk) => {
        this.client = sdk.client;
      },
      () => {},
    );
    this.base = new URL(this.objectBase());
  }

  async presignUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    contentLength?: number;
  }): Promise<PresignedUpload> {
    const signingDate = this.opts.now?.() ?? new Date();
    const signable = new Set(['content-type']);
    if (input.contentLength !== undefined) signable.add('content-length');
    const { client, s3, getSignedUrl } = await this.sdk;
    const uploadUrl = await getSignedUrl(
      client,
      new s3.PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: input.key,
        ContentType: input.contentType,
        ContentLength: input.contentLength,
      }),
      { expiresIn: this.opts.uploadTtlSeconds, signingDate, signableHeaders: signable },
    );
    return {
      uploadUrl,
      fileUrl: this.urlOf(input.key),
      key: input.key,
      expiresAt: new Date(signingDate.getTime() + this.opts.uploadTtlSeconds * 1000),
    };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const { client, s3 } = await this.sdk;
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        ...(head.ContentType ? { contentType: head.ContentType } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Readable> {
    const { client, s3 } = await this.sdk;
    const object = await client.send(new s3.GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    return object.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    // Deleting a missing key succeeds on S3, so a repeated delete is harmless.
    const { client, s3 } = await this.sdk;
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { client, s3 } = await this.sdk;
    // The bucket serves an object with the type it was stored with, from its own origin: a type outside
    // the media list (a page, an SVG) is stored as a download, never as something a browser would run.
    const stored = storedMediaType(contentType);
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        Body: bytes,
        ContentType: stored.contentType,
        ...(stored.attachment ? { ContentDisposition: 'attachment' } : {}),
      }),
    );
  }

  async copy(from: string, to: string): Promise<boolean> {
    const { client, s3 } = await this.sdk;
    try {
      await client.send(
        new s3.CopyObjectCommand({
          Bucket: this.opts.bucket,
          Key: to,
          CopySource: `${this.opts.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async keysOlderThan(prefix: string, before: Date): Promise<string[]> {
    const { client, s3 } = await this.sdk;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const list = new s3.ListObjectsV2Command({
        Bucket: this.opts.bucket,
        Prefix: prefix,
        ContinuationToken: token,
      });
      // Path style, the SDK asks for `/<bucket>/`; S3 answers `/<bucket>` the same, and some compatible
      // servers sign only that form (SignatureDoesNotMatch otherwise).
      list.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { path?: string };
          if (this.opts.forcePathStyle && request.path?.endsWith('/'))
            request.path = request.path.slice(0, -1);
          return next(args);
        },
        { step: 'build' },
      );
      const page = await client.send(list);
      for (const o of page.Contents ?? []) {
        if (o.Key && o.LastModified && o.LastModified < before) keys.push(o.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /**
   * The key of one of our objects: a URL under the public base, or the bucket's own object URL (path or
   * virtual-host style, presigned or not). Anything else, or a key we would never have issued, is null.
   */
  keyFromUrl(url: string): string | null {
    const parsed = parseUrl(url);
    if (!parsed) return null;
    const bases = [this.base, ...(this.opts.publicUrl ? [new URL(this.opts.publicUrl)] : [])];
    for (const base of bases) {
      const prefix = base.pathname.replace(/\/+$/, '');
      if (parsed.origin !== base.origin || !parsed.pathname.startsWith(`${prefix}/`)) continue;
      let key: string;
      try {
        key = decodeURIComponent(parsed.pathname.slice(prefix.length + 1));
      } catch {
        return null;
      }
      return isSafeKey(key) ? key : null;
    }
    return null;
  }

  /** The address an object is read at: under S3_PUBLIC_URL when set, else the bucket's own URL. */
  urlOf(key: string): string {
    const base = (this.opts.publicUrl ?? this.base.toString()).replace(/\/+$/, '');
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  close(): void {
    this.client?.destroy();
  }

  /** Where the bucket's objects live, in the style the client addresses them. */
  private objectBase(): string {
    const { bucket, region, endpoint, forcePathStyle } = this.opts;
    if (!endpoint) {
      return forcePathStyle
        ? `https://s3.${region}.amazonaws.com/${bucket}`
        : `https://${bucket}.s3.${region}.amazonaws.com`;
    }
    const url = new URL(endpoint);
    const path = url.pathname.replace(/\/+$/, '');
    if (forcePathStyle) return `${url.origin}${path}/${bucket}`;
    return `${url.protocol}//${bucket}.${url.host}${path}`;
  }
}

interface S3Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
  client: S3Client;
}

async function loadSdk(opts: S3StorageOptions): Promise<S3Sdk> {
  const [s3, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new s3.S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Default checksums would sign a CRC of the empty body into presigned URLs, which then fail for any
    // real upload; a presigned PUT carries no checksum.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { s3, getSignedUrl, client };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
