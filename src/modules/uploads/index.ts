// The uploads module's public surface: other modules read a business's files through here, never through
// its repository.
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { findUploadByKey, listUploads } from './uploads.repository.js';
import { toUploadDto, UploadsService } from './uploads.service.js';

export { uploadFileSchema } from './uploads.schemas.js';

/** The files a business uploaded (documents, logos, media), newest first, as `GET /upload` shows them. */
export async function listBusinessFiles(db: Db, businessId: string) {
  return (await listUploads(db, businessId)).map(toUploadDto);
}

/** One of the business's confirmed uploads, by its storage key (a reply's `mediaKey`); null when it has none. */
export async function findBusinessUpload(db: Db, businessId: string, key: string) {
  const row = await findUploadByKey(db, businessId, key);
  return row ? { key: row.key, url: row.url, type: row.type, fileName: row.fileName } : null;
}

/** Deletes uploads never confirmed, last written more than `graceMs` ago; returns how many (a worker job). */
export function sweepUnconfirmedUploads(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'logger'>,
  graceMs: number,
): Promise<number> {
  return new UploadsService(deps).sweepUnconfirmed(graceMs);
}
export { uploadsRoutes } from './uploads.routes.js';
