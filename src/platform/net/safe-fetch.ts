import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { type Readable, Transform } from 'node:stream';
import { Agent, type Dispatcher, request } from 'undici';
import { isPublicAddress } from './address-policy.js';
import { parseUrl } from './parse-url.js';

export type SafeFetchFailure =
  | 'invalid-url'
  | 'blocked-address'
  | 'too-many-redirects'
  | 'http-status'
  | 'too-large'
  | 'timeout'
  | 'network';

/** Why a fetch was refused or failed; the message is safe to show to the caller who gave the URL. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    /** The status answered, for `http-status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  /** Bounds the whole transfer, from the first connection to the last byte read. */
  timeoutMs: number;
  /** `host` or `host:port` entries trusted even on a private address (an operator's own file server). */
  allowedHosts?: readonly string[];
  maxRedirects?: number;
  userAgent?: string;
}

export interface FetchedFile {
  /** The body, limited: it fails with a SafeFetchError past `maxBytes` or past the deadline. */
  body: Readable;
  /** Where the body came from, after redirects. */
  url: URL;
  contentType: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves like dns.lookup, then refuses the connection when any resolved address is not public. The
 * socket connects to the address checked here, so a DNS answer that changes between check and use (DNS
 * rebinding) cannot slip through.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const blockedError = new SafeFetchError(
        'blocked-address',
        `The file URL points to a private or local address (${hostname}), which is not allowed`,
      );
      return callback(blockedError as NodeJS.ErrnoException, '', 0);
    }
    if ((options as { all?: boolean }).all) {
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    }
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Fetches a user-supplied http(s) URL without letting it reach our own network (SSRF): every address is
 * checked after DNS resolution, on every redirect hop; size and time are capped while the body streams.
 */
export class SafeFetcher {
  private readonly guarded: Agent;
  private readonly trusted: Agent;
  private readonly allowed: Set<string>;

  constructor(private readonly opts: SafeFetchOptions) {
    const timeouts = { headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs, connections: 16 };
    this.guarded = new Agent({ ...timeouts, connect: { lookup: guardedLookup, timeout: opts.timeoutMs } });
    this.trusted = new Agent({ ...timeouts, connect: { timeout: opts.timeoutMs } });
    this.allowed = new Set((opts.allowedHosts ?? []).map((h) => h.toLowerCase()));
  }

  /**
   * `signal`, when given, aborts the fetch like the timeout does (a caller's own deadline). `headers` go
   * with the request (a provider's bearer token); an `authorization` header is dropped on a redirect to
   * another origin, as browsers do, so a file host never hands our token to someone else.
   */
  async fetch(
    rawUrl: string,
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<FetchedFile> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.opts.timeoutMs);
    const abort = () => controller.abort();
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      let url = parseHttpUrl(rawUrl);
      let sent = { ...headers };
      for (let hop = 0; ; hop++) {
        const dispatcher = this.dispatcherFor(url);
        const res = await request(url, {
          method: 'GET',
          dispatcher,
          signal: controller.signal,
          headers: {
            accept: '*/*',
            'user-agent': this.opts.userAgent ?? 'campaign-messaging-import/1.0',
            ...sent,
          },
        });
        if (REDIRECTS.has(res.statusCode) && res.headers.location) {
          await res.body.dump().catch(() => {});
          if (hop >= (this.opts.maxRedirects ?? 5)) {
            throw new SafeFetchError('too-many-redirects', 'The file URL redirects too many times');
          }
          const next = parseHttpUrl(String(res.headers.location), url);
          if (next.origin !== url.origin) sent = withoutAuthorization(sent);
          url = next;
          continue;
        }
        if (res.statusCode < 200 || res.statusCode >= 300) {
          await res.body.dump().catch(() => {});
          throw new SafeFetchError(
            'http-status',
            `The file URL answered HTTP ${res.statusCode}`,
            res.statusCode,
          );
        }
        const declared = Number(res.headers['content-length'] ?? Number.NaN);
        if (declared > this.opts.maxBytes) {
          // undici fails a body destroyed before its end with an error event: expected here, so listened to.
          res.body.on('error', () => {});
          res.body.destroy();
          throw tooLarge(this.opts.maxBytes);
        }
        const contentType = res.headers['content-type'];
        const body = limitStream(res.body, this.opts.maxBytes, {
          deadline: timer,
          abort: controller,
          timeoutMs: this.opts.timeoutMs,
        });
        return { body, url, contentType: typeof contentType === 'string' ? contentType : null };
      }
    } catch (err) {
      clearTimeout(timer);
      throw toSafeFetchError(err, controller.signal.aborted, this.opts.timeoutMs);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.trusted.close()]);
  }

  private dispatcherFor(url: URL): Dispatcher {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (this.allowed.has(url.host.toLowerCase()) || this.allowed.has(host)) return this.trusted;
    // A literal address never goes through DNS, so the lookup guard would not see it: check it here.
    if (isIP(host) && !isPublicAddress(host)) {
      throw new SafeFetchError(
        'blocked-address',
        `The file URL points to a private or local address (${host}), which is not allowed`,
      );
    }
    return this.guarded;
  }
}

function parseHttpUrl(raw: string, base?: URL): URL {
  const url = parseUrl(raw, base);
  if (!url) throw new SafeFetchError('invalid-url', 'The file URL is not a valid URL');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid-url', 'The file URL must use http or https');
  }
  if (url.username || url.password) {
    throw new SafeFetchError('invalid-url', 'The file URL must not carry credentials');
  }
  return url;
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
  );
}

function tooLarge(maxBytes: number): SafeFetchError {
  return new SafeFetchError('too-large', `The file is larger than the import limit of ${maxBytes} bytes`);
}

function toSafeFetchError(err: unknown, aborted: boolean, timeoutMs: number): SafeFetchError {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof SafeFetchError) return e;
  }
  const code = (err as { code?: string }).code;
  if (aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new SafeFetchError('timeout', `The file URL did not answer within ${timeoutMs} ms`);
  }
  const cause = (err as { cause?: { code?: string } }).cause?.code ?? code;
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') {
    return new SafeFetchError('network', 'The host of the file URL could not be resolved');
  }
  return new SafeFetchError('network', `The file URL could not be fetched${cause ? ` (${cause})` : ''}`);
}

export interface LimitOptions {
  /** A running timer to clear when the stream ends (the fetch's overall deadline). */
  deadline?: NodeJS.Timeout;
  /** Aborted by the deadline: the body then fails with a timeout error. */
  abort?: AbortController;
  timeoutMs?: number;
}

/**
 * Passes `source` through, failing with a SafeFetchError once more than `maxBytes` went by, or when the
 * deadline aborts the transfer. Destroying the result destroys the source.
 */
export function limitStream(source: Readable, maxBytes: number, opts: LimitOptions = {}): Readable {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > maxBytes) cb(tooLarge(maxBytes));
      else cb(null, chunk);
    },
  });
  const onAbort = () =>
    limited.destroy(new SafeFetchError('timeout', `The file took longer than ${opts.timeoutMs} ms to fetch`));
  opts.abort?.signal.addEventListener('abort', onAbort, { once: true });
  // The limit may trip before anyone reads (the body flows in while the caller prepares): the error stays
  // on the stream (`errored`) and reaches whoever reads it later; it must not crash the process meanwhile.
  limited.on('error', () => {});
  source.on('error', (err) => limited.destroy(opts.abort?.signal.aborted ? undefined : err));
  limited.on('close', () => {
    if (opts.deadline) clearTimeout(opts.deadline);
    opts.abort?.signal.removeEventListener('abort', onAbort);
    if (!source.destroyed) source.destroy();
  });
  source.pipe(limited);
  return limited;
}
