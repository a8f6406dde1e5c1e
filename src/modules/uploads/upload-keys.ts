import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { UNCONFIRMED_PREFIX } from '../../platform/storage/storage.port.js';

export const DEFAULT_FOLDER = 'files';
const MAX_NAME = 100;

/**
 * A file name safe as one key segment: the last path part, accents folded, anything but letters, digits,
 * `.`, `_` and `-` replaced, at most 100 characters. The extension is kept apart and kept (imports detect
 * the format from it), so a name with nothing usable becomes `file.<ext>`.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const ext = path.extname(last);
  const cleanExt = clean(ext.slice(1)).slice(0, 15);
  const stem = clean(last.slice(0, last.length - ext.length)).slice(0, MAX_NAME - cleanExt.length - 1);
  return cleanExt ? `${stem || 'file'}.${cleanExt}` : stem || 'file';
}

function clean(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** `<businessId>/<folder>/<uuid>-<safe name>`: every object of a business under its own prefix. */
export function uploadKey(businessId: string, folder: string | undefined, fileName: string): string {
  return `${businessId}/${folder ?? DEFAULT_FOLDER}/${randomUUID()}-${safeFileName(fileName)}`;
}

export function belongsTo(key: string, businessId: string): boolean {
  return key.startsWith(`${businessId}/`);
}

/**
 * Where the presigned PUT of `key` writes: under the unconfirmed prefix, outside every business's key space.
 * Confirm copies it to `key`, which no URL the client holds can write, so a confirmed file never changes.
 */
export function incomingKey(key: string): string {
  return `${UNCONFIRMED_PREFIX}${key}`;
}
