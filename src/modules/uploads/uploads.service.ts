import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import {
  BusinessRuleError,
  NotFoundError,
  TooManyRequestsError,
  UpstreamError,
  ValidationError,
} from '../../platform/http/errors.js';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit.js';
import { UNCONFIRMED_PREFIX } from '../../platform/storage/storage.port.js';
import { belongsTo, incomingKey, uploadKey } from './upload-keys.js';
import {
  deleteUpload,
  findUpload,
  findUploadByKey,
  insertUploadOnce,
  listUploads,
  storedBytes,
  type UploadFileRow,
} from './uploads.repository.js';
import type { ConfirmInput, PresignInput } from './uploads.schemas.js';

export function toUploadDto(row: UploadFileRow) {
  return {
    id: row.id,
    url: row.url,
    key: row.key,
    fileName: row.fileName,
    size: row.size,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Uploads go straight from the client to object storage on a presigned URL; the service only signs, checks
 * and records. Every key of a business starts with its id, which is how confirm and delete tell its files
 * from anyone else's. The URL writes to the key's unconfirmed twin (`incomingKey`); confirm copies the
 * object to the key itself, so what was checked and recorded is what is served, whatever is PUT later.
 */
export class UploadsService {
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'logger' | 'redis'>) {
    this.limiter = createRateLimiter(deps.redis, deps.logger);
  }

  /**
   * The size is required and bound into the URL (S3 signs the exact length; the embedded store caps the
   * body at it), so nobody stores more than they declared. A business gets so many URLs an hour, and none
   * for a file its quota of confirmed bytes cannot take.
   */
  async presign(auth: AuthContext, input: PresignInput) {
    const { UPLOAD_MAX_BYTES: max, UPLOAD_QUOTA_BYTES: quota } = this.deps.config;
    const businessId = businessOf(auth);
    if (!this.allowed(input.contentType)) {
      throw ValidationError.field(
        'contentType',
        `Files of type ${input.contentType} cannot be uploaded (allowed: ${this.deps.config.UPLOAD_ALLOWED_TYPES.join(', ')})`,
      );
    }
    if (input.size > max) {
      throw ValidationError.field('size', `Files may be at most ${max} bytes`);
    }
    const used = await storedBytes(this.deps.db, businessId);
    if (used + input.size > quota)
      throw new BusinessRuleError(
        `Your storage is full: ${used} of ${quota} bytes used, and this file needs ${input.size}. Delete files you no longer need.`,
      );
    const hit = await this.limiter.hit(`uploads:presign:${businessId}`, {
      max: this.deps.config.UPLOAD_PRESIGNS_PER_HOUR,
      windowMs: 3600_000,
    });
    if (!hit.allowed)
      throw new TooManyRequestsError(
        'Too many upload URLs this hour; try again later',
        hit.retryAfterSeconds,
      );
    const key = uploadKey(businessId, input.folder, input.fileName);
    const maxBytes = input.size;
    const signed = await this.deps.storage.presignUpload({
      key: incomingKey(key),
      contentType: input.contentType,
      maxBytes,
      contentLength: input.size,
    });
    return {
      uploadUrl: signed.uploadUrl,
      // Where the file is read once confirmed (nothing is there before).
      fileUrl: this.deps.storage.urlOf(key),
      key,
      method: 'PUT' as const,
      // The PUT must carry exactly this header: the signature covers it.
      headers: { 'Content-Type': input.contentType },
      maxBytes,
      expiresAt: signed.expiresAt.toISOString(),
    };
  }

  /**
   * Records an object the caller has uploaded: it must be in the caller's key space and really stored. The
   * uploaded object is copied to its final key first and checked there, where no PUT can change it after.
   */
  async confirm(auth: AuthContext, input: ConfirmInput) {
    const businessId = businessOf(auth);
    const storage = this.deps.storage;
    const key = storage.keyFromUrl(input.url);
    if (!key || !belongsTo(key, businessId)) {
      throw ValidationError.field('url', 'This URL is not one of your uploads');
    }
    const recorded = await findUploadByKey(this.deps.db, businessId, key);
    if (recorded) return { upload: toUploadDto(recorded), created: false };
    try {
      return await this.record(businessId, key, input);
    } catch (err) {
      // A concurrent confirm of the same upload may have recorded it and moved its file a moment ago, so
      // this one found nothing left to move: that confirm's record is the answer.
      const moved = await findUploadByKey(this.deps.db, businessId, key);
      if (moved) return { upload: toUploadDto(moved), created: false };
      throw err;
    }
  }

  /** Moves an uploaded file out of `incoming/`, checks it and records it (once, whoever confirms). */
  private async record(businessId: string, key: string, input: ConfirmInput) {
    const storage = this.deps.storage;
    if (!(await storage.copy(incomingKey(key), key))) {
      throw ValidationError.field('url', 'Nothing has been uploaded to this URL yet');
    }
    const stored = await storage.stat(key);
    if (!stored) throw ValidationError.field('url', 'Nothing has been uploaded to this URL yet');
    // Where the backend could not cap the PUT (S3 without a declared size), the cap is applied here.
    const tooBig = stored.size > this.deps.config.UPLOAD_MAX_BYTES;
    // Presigns checked the quota one by one; files signed together are checked again as they land.
    const overQuota =
      (await storedBytes(this.deps.db, businessId)) + stored.size > this.deps.config.UPLOAD_QUOTA_BYTES;
    if (overQuota && !tooBig) {
      // The bytes counted may be this very upload, recorded by a concurrent confirm: its file stays.
      const moved = await findUploadByKey(this.deps.db, businessId, key);
      if (moved) return { upload: toUploadDto(moved), created: false };
      await storage.remove(key);
      await storage.remove(incomingKey(key));
      throw new BusinessRuleError(
        'Your storage is full: delete files you no longer need; this one was removed',
      );
    }
    const badType = stored.contentType !== undefined && !this.allowed(stored.contentType);
    if (tooBig || badType) {
      await storage.remove(key);
      await storage.remove(incomingKey(key));
      throw ValidationError.field(
        'url',
        tooBig
          ? `The file is larger than ${this.deps.config.UPLOAD_MAX_BYTES} bytes and was removed`
          : `Files of type ${stored.contentType} cannot be uploaded; it was removed`,
      );
    }
    const { row, created } = await insertUploadOnce(this.deps.db, {
      businessId,
      key,
      url: input.url,
      fileName: input.fileName,
      // What storage holds is the truth; the client's own figures only fill what storage does not say.
      size: String(stored.size),
      type: stored.contentType ?? input.type ?? null,
    });
    // The URL's object is done with; one PUT again later is never served, and the sweep removes it.
    await storage.remove(incomingKey(key));
    return { upload: toUploadDto(row), created };
  }

  /**
   * Deletes uploads never confirmed whose last write is older than `graceMs` (their URLs long expired),
   * and returns how many. No row exists for them: a row is written only at confirm.
   */
  async sweepUnconfirmed(graceMs: number): Promise<number> {
    const before = new Date(Date.now() - graceMs);
    const keys = await this.deps.storage.keysOlderThan(UNCONFIRMED_PREFIX, before);
    for (const key of keys) await this.deps.storage.remove(key);
    return keys.length;
  }

  async list(auth: AuthContext) {
    return (await listUploads(this.deps.db, businessOf(auth))).map(toUploadDto);
  }

  /** Storage first: if it fails, the record stays and the delete can be retried. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const businessId = businessOf(auth);
    const row = await findUpload(this.deps.db, businessId, id);
    if (!row) throw new NotFoundError('File');
    try {
      await this.deps.storage.remove(row.key);
    } catch (err) {
      this.deps.logger.error({ err, key: row.key }, 'object storage delete failed');
      throw new UpstreamError('Object storage could not delete the file; try again');
    }
    await deleteUpload(this.deps.db, businessId, id);
  }

  private allowed(contentType: string): boolean {
    const bare = contentType.split(';')[0]!.trim().toLowerCase();
    return this.deps.config.UPLOAD_ALLOWED_TYPES.some((t) => t.toLowerCase() === bare);
  }
}
