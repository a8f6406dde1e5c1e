import type { Readable } from 'node:stream';

export interface PresignedUpload {
  /** Short-lived URL the client PUTs the bytes to, with no authorisation header. */
  uploadUrl: string;
  /** Where the object can be read afterwards (a campaign's uploadFileUrl, an import's fileUrl). */
  fileUrl: string;
  key: string;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType?: string;
}

/**
 * Keys under this prefix are uploads not yet confirmed: presigned PUTs write there, confirm copies the object
 * to its final key (which no URL can write), and a sweep deletes what was never confirmed. Never served.
 */
export const UNCONFIRMED_PREFIX = 'incoming/';

/** Object storage: S3 (or compatible), or the embedded local-disk store. The service never handles upload bytes. */
export interface StoragePort {
  /**
   * A URL to PUT one object with. `contentType` is bound to it; so is `contentLength` when the client
   * declared its size (S3 signs the exact length), else `maxBytes` where the backend can cap a PUT.
   */
  presignUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    contentLength?: number;
  }): Promise<PresignedUpload>;
  /** Metadata of a stored object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Reads an object as a stream (imports of files kept in our own storage). */
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /**
   * Stores bytes the service itself fetched (media a contact sent), at a key no URL can write. A type
   * outside the media list (`media-types.ts`) is stored as an `application/octet-stream` download; the
   * embedded store serves by the key's extension, so the key's extension must be the type's.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Copies an object (bytes and content type) to another key; false when there is no object at `from`. */
  copy(from: string, to: string): Promise<boolean>;
  /** Keys under `prefix` last written before `before` (the unconfirmed-upload sweep). */
  keysOlderThan(prefix: string, before: Date): Promise<string[]>;
  /** The permanent public URL of a key. */
  urlOf(key: string): string;
  /** The key of one of our own objects when `url` points into this storage, else null. */
  keyFromUrl(url: string): string | null;
}
