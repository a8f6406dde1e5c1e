import type { AppDeps } from '../../deps.js';
import type { Config } from '../../platform/config.js';
import { SafeFetcher } from '../../platform/net/safe-fetch.js';
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

type MediaDeps = Pick<AppDeps, 'db' | 'secretBox' | 'messaging' | 'cloud' | 'storage' | 'config'>;

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
    fetched = await fetchLink(deps.config, media.url);
  } else {
    throw new Error('The medium names neither an id nor a link');
  }
  const type = media.mimeType || fetched.contentType || 'application/octet-stream';
  const key = `conversations/${businessId}/${messageId}${extensionOf(type)}`;
  await deps.storage.put(key, fetched.bytes, type);
  return { key, type };
}

/**
 * The link comes from the gateway's callback, so it is fetched like any URL the service did not choose: never
 * from a private, loopback or metadata address unless the operator allowed that host (`MEDIA_ALLOWED_HOSTS`),
 * within the size cap and the deadline.
 */
const fetchers = new WeakMap<Config, SafeFetcher>();

function fetcherFor(config: Config): SafeFetcher {
  let fetcher = fetchers.get(config);
  if (!fetcher) {
    fetcher = new SafeFetcher({
      maxBytes: MAX_MEDIA_BYTES,
      timeoutMs: TIMEOUT_MS,
      allowedHosts: config.MEDIA_ALLOWED_HOSTS,
      userAgent: 'campaign-messaging-inbox/1.0',
    });
    fetchers.set(config, fetcher);
  }
  return fetcher;
}

async function fetchLink(config: Config, link: string): Promise<{ bytes: Buffer; contentType: string }> {
  const file = await fetcherFor(config).fetch(link);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return {
    bytes: Buffer.concat(chunks),
    contentType: (file.contentType ?? '').split(';')[0]!.trim() || 'application/octet-stream',
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
