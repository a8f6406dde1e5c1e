import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../platform/net/address-policy.js';
import { parseUrl } from '../../platform/net/parse-url.js';

/** True when the URL's host (`host` or `host:port`) is one the operator allowed (`WEBHOOK_ALLOWED_HOSTS`). */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return allowedHosts.some((h) => {
    const entry = h.toLowerCase();
    return entry === host || entry === url.host.toLowerCase();
  });
}

/**
 * Why `raw` may not be a webhook endpoint, or null when it may: https only, no credentials in it, and a
 * host whose every address is public (the address policy the media and import fetchers use). A host the
 * operator allowed skips the address check and may use plain http (an internal service of a self-hosted
 * installation). The same check runs again at every delivery, on the address actually connected to.
 */
export async function endpointUrlProblem(
  raw: string,
  allowedHosts: readonly string[],
): Promise<string | null> {
  const url = parseUrl(raw);
  if (!url) return 'Must be a valid URL';
  const allowed = isAllowedHost(url, allowedHosts);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) return 'Must be an https URL';
  if (url.username || url.password) return 'Must not carry credentials';
  if (allowed) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'Must not point to a private or local address';
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return 'The host could not be resolved';
  }
  if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address)))
    return 'Must not point to a private or local address';
  return null;
}
