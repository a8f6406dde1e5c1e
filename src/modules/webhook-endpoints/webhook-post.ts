import { isIP } from 'node:net';
import { Agent, type Dispatcher, request } from 'undici';
import { isPublicAddress } from '../../platform/net/address-policy.js';
import { parseUrl } from '../../platform/net/parse-url.js';
import { guardedLookup, SafeFetchError } from '../../platform/net/safe-fetch.js';
import { isAllowedHost } from './webhook-url.js';

/** What one POST came to: the status answered, or why there was none. `final`: not worth trying again. */
export type PostResult =
  | { ok: boolean; status: number }
  | { ok: false; status: null; error: string; final: boolean };

/**
 * Posts deliveries to endpoints without letting a URL reach our own network: the socket connects only to
 * an address the guard checked after resolving (so a DNS answer that changed since registration is caught
 * here), a literal address is checked before connecting, redirects are never followed (a 3xx is a failed
 * attempt), and the whole exchange is bounded by `timeoutMs`. Connections are kept alive per origin.
 */
export class WebhookPoster {
  private readonly guarded: Agent;
  private readonly trusted: Agent;

  constructor(
    private readonly opts: { timeoutMs: number; allowedHosts: readonly string[]; connections?: number },
  ) {
    const common = {
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      connections: opts.connections ?? 32,
    };
    this.guarded = new Agent({ ...common, connect: { lookup: guardedLookup, timeout: opts.timeoutMs } });
    this.trusted = new Agent({ ...common, connect: { timeout: opts.timeoutMs } });
  }

  async post(rawUrl: string, headers: Record<string, string>, body: string): Promise<PostResult> {
    const url = parseUrl(rawUrl);
    if (!url) return { ok: false, status: null, error: 'The endpoint URL is not valid', final: true };
    let dispatcher: Dispatcher;
    if (isAllowedHost(url, this.opts.allowedHosts)) dispatcher = this.trusted;
    else if (url.protocol !== 'https:')
      return { ok: false, status: null, error: 'The endpoint URL must use https', final: true };
    else {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isPublicAddress(host)) return blocked(host);
      dispatcher = this.guarded;
    }
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'campaign-messaging-webhooks/1.0',
          ...headers,
        },
        body,
      });
      // The answer's body says nothing we keep; read it off so the connection can be reused.
      await res.body.dump().catch(() => {});
      return { ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode };
    } catch (err) {
      return failure(err, url.hostname, this.opts.timeoutMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.trusted.close()]);
  }
}

function blocked(host: string): PostResult {
  return {
    ok: false,
    status: null,
    error: `The endpoint's host (${host}) resolves to a private or local address, which is not allowed`,
    final: true,
  };
}

function failure(err: unknown, host: string, timeoutMs: number): PostResult {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof SafeFetchError && e.reason === 'blocked-address') return blocked(host);
  }
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  const name = (err as { name?: string }).name;
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    (code?.startsWith('UND_ERR_') && code.includes('TIMEOUT'))
  )
    return { ok: false, status: null, error: `No answer within ${timeoutMs} ms`, final: false };
  return { ok: false, status: null, error: `Connection failed${code ? ` (${code})` : ''}`, final: false };
}
