import { request } from 'undici';
import type { AppDeps } from '../../deps.js';
import { parseUrl } from '../../platform/net/parse-url.js';
import { credentialsForSending } from '../business/index.js';

/** Largest medium kept (WhatsApp's own limit for documents is 100 MB; what a console shows is far less). */
export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export interface MediaRef {
  /** The Cloud API's media id. */
  id: string | null;
  /** The gateway's link to the file. */
  url: string | null;
  mimeType: string | null;
}

type MediaDeps = Pick<AppDeps, 'db' | 'secretBox' | 'messaging' | 'cloud' | 'storage'>;

/**
 * Copies a medium a contact sent into our storage (the provider's links expire, and its Cloud links need the
 * business's token): from the Cloud API by id with the business's token, or from the gateway's link. Returns
 * the key and content type. Throws with a reason for the message when it cannot be fetched.
 */
export async function keepInboundMedia(
  deps: MediaDeps,
  businessId: string,
  messageId: string,
  media: MediaRef,
): Promise<{ key: string; type: string }> {
  let fetched: { bytes: Buffer; contentType: string };
  if (media.id) {
    const credentials = await credentialsForSending(deps, businessId);
    if (!credentials?.password)
      throw new Error('The business has no Cloud API token to fetch the medium with');
    fetched = await deps.cloud.fetchMedia({ accessToken: credentials.password }, media.id, MAX_MEDIA_BYTES);
  } else if (media.url) {
    fetched = await fetchLink(media.url);
  } else {
    throw new Error('The medium names neither an id nor a link');
  }
  const type = media.mimeType || fetched.contentType || 'application/octet-stream';
  const key = `conversations/${businessId}/${messageId}${extensionOf(type)}`;
  await deps.storage.put(key, fetched.bytes, type);
  return { key, type };
}

async function fetchLink(link: string): Promise<{ bytes: Buffer; contentType: string }> {
  const url = parseUrl(link);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error('The medium link is not an http(s) URL');
  const res = await request(url, { method: 'GET', headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  if (res.statusCode < 200 || res.statusCode >= 300) {
    await res.body.dump();
    throw new Error(`The medium could not be fetched (HTTP ${res.statusCode})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_MEDIA_BYTES) {
      res.body.destroy();
      throw new Error('The medium is too large to keep');
    }
    chunks.push(chunk as Buffer);
  }
  const header = res.headers['content-type'];
  return {
    bytes: Buffer.concat(chunks),
    contentType: typeof header === 'string' ? header.split(';')[0]!.trim() : 'application/octet-stream',
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/3gpp': '.3gp',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
  'audio/aac': '.aac',
  'audio/mp4': '.m4a',
  'application/pdf': '.pdf',
};

function extensionOf(type: string): string {
  return EXTENSIONS[type.split(';')[0]!.trim().toLowerCase()] ?? '';
}
