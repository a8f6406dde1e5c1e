import type { AppDeps } from '../../deps.js';
import type { Config } from '../../platform/config.js';
import { SafeFetchError, SafeFetcher } from '../../platform/net/safe-fetch.js';
import { storedMediaType } from '../../platform/storage/media-types.js';
import { CloudApiError, type FetchedMedia } from '../../providers/messaging/cloud.port.js';
import { credentialsForSending } from '../business/index.js';
import type { MediaRef } from './inbound.js';

/** Largest medium kept (WhatsApp's own limit for documents is 100 MB; what a console shows is far less). */
export const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

export type MediaDeps = Pick<
  AppDeps,
  'db' | 'secretBox' | 'messaging' | 'cloud' | 'storage' | 'inboundMediaFetcher'
>;

/** A medium that will not be fetched by trying again (no token, a refused address, too large). */
export class LastingMediaError extends Error {}

/**
 * Copies a medium a contact sent into our storage (the provider's links expire, and its Cloud links need the
 * business's token): from the Cloud API by id with the business's token, or from the gateway's link. Every
 * download goes through the one guarded fetcher (no private, loopback or metadata address unless the
 * operator allowed the host in `MEDIA_ALLOWED_HOSTS`, on every redirect hop), and `signal` bounds the whole
 * of it. The stored type is the declared one when it is on the media list, else a download
 * (`storedMediaType`). Returns the key and that type; throws with a reason for the message.
 */
export async function keepInboundMedia(
  deps: MediaDeps,
  businessId: string,
  messageId: string,
  media: MediaRef,
  signal: AbortSignal,
): Promise<{ key: string; type: string }> {
  const fetched = await fetchMedium(deps, businessId, media, signal);
  const stored = storedMediaType(media.mimeType || fetched.contentType);
  const key = `conversations/${businessId}/${messageId}${stored.extension}`;
  await deps.storage.put(key, fetched.bytes, stored.contentType);
  return { key, type: stored.contentType };
}

async function fetchMedium(
  deps: MediaDeps,
  businessId: string,
  media: MediaRef,
  signal: AbortSignal,
): Promise<FetchedMedia> {
  const download = (url: string, headers: Record<string, string> = {}) =>
    fetchLink(deps.inboundMediaFetcher, url, signal, headers);
  if (media.id) {
    const credentials = await credentialsForSending(deps, businessId);
    if (!credentials?.password)
      throw new LastingMediaError('The business has no Cloud API token to fetch the medium with');
    return deps.cloud.fetchMedia({ accessToken: credentials.password }, media.id, {
      maxBytes: MAX_MEDIA_BYTES,
      download,
      signal,
    });
  }
  if (media.url) return download(media.url);
  throw new LastingMediaError('The medium names neither an id nor a link');
}

/** Whether trying again may bring the medium: a refusal or a client error will not, a busy server may. */
export function isLastingMediaFailure(err: unknown): boolean {
  if (err instanceof LastingMediaError) return true;
  if (err instanceof SafeFetchError) {
    if (err.reason === 'http-status') return isClientError(err.status);
    return err.reason !== 'timeout' && err.reason !== 'network';
  }
  if (err instanceof CloudApiError) return isClientError(err.status);
  return false;
}

function isClientError(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && ![408, 425, 429].includes(status);
}

/**
 * The process's fetcher of the media contacts send (one, so its connection pools are shared by every
 * fetch), within the operator's timeout and allowed hosts.
 */
export function inboundMediaFetcher(
  config: Pick<Config, 'MEDIA_FETCH_TIMEOUT_MS' | 'MEDIA_ALLOWED_HOSTS'>,
): SafeFetcher {
  return new SafeFetcher({
    maxBytes: MAX_MEDIA_BYTES,
    timeoutMs: config.MEDIA_FETCH_TIMEOUT_MS,
    allowedHosts: config.MEDIA_ALLOWED_HOSTS,
    userAgent: 'campaign-messaging-inbox/1.0',
  });
}

async function fetchLink(
  fetcher: SafeFetcher,
  link: string,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<FetchedMedia> {
  const file = await fetcher.fetch(link, signal, headers);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return {
    bytes: Buffer.concat(chunks),
    contentType: (file.contentType ?? '').split(';')[0]!.trim() || 'application/octet-stream',
  };
}
