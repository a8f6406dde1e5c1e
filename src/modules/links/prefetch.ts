/**
 * Fetchers that open a link without a person behind them: the messaging apps' link-preview fetchers, social
 * and search crawlers, and generic bots. Matched on the User-Agent, case-insensitively.
 */
const NOT_A_PERSON =
  /bot\b|bot\/|crawler|spider|preview|facebookexternalhit|facebot|whatsapp|telegram|slack|discord|skypeuri|embedly|headlesschrome|curl\/|wget\/|python-requests|go-http-client|okhttp/i;

/**
 * Whether a request is a prefetch or a preview rather than a person following the link: a HEAD, a browser
 * prefetch (`Sec-Purpose`/`Purpose: prefetch`), no User-Agent at all, or a known fetcher's.
 */
export function isPrefetch(req: { method: string; headers: Record<string, string | string[] | undefined> }) {
  if (req.method !== 'GET') return true;
  const purpose = `${req.headers['sec-purpose'] ?? ''} ${req.headers.purpose ?? ''} ${req.headers['x-purpose'] ?? ''}`;
  if (/prefetch|preview/i.test(purpose)) return true;
  const agent = req.headers['user-agent'];
  if (typeof agent !== 'string' || !agent.trim()) return true;
  return NOT_A_PERSON.test(agent);
}
