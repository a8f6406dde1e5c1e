import { isIP } from 'node:net';
import { z } from 'zod';

/** What TRUST_PROXY means: trust no proxy, every hop, the nearest `n` hops, or these addresses. */
export type TrustProxySetting = boolean | number | string[];

// proxy-addr's names for the loopback, link-local and unique-local ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) ? Number(prefix) <= max : family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: `false` (the default), `true`, a hop count, or a comma-separated list of addresses and CIDR
 * ranges. `true` takes the left-most X-Forwarded-For entry, which the client writes: only safe behind a
 * proxy that overwrites the header. A hop count or the proxies' addresses take the entry the nearest
 * trusted proxy wrote, so a client cannot choose the address that per-client limits count.
 */
export const trustProxySetting = z.string().transform((raw, ctx): TrustProxySetting => {
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === 'yes') return true;
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (entries.length === 0 || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count, or IP addresses / CIDR ranges (not: ${bad.join(', ') || raw})`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Fastify's `trustProxy` for a setting. A bare number would make Fastify trust nothing (it refuses hop
 * counts since they cannot tell a proxy from a direct client), so a hop count becomes the function that
 * trusts the nearest `n` hops: the deployment guarantees only its proxy reaches the port.
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
