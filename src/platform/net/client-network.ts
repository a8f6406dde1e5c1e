import { isIP, SocketAddress } from 'node:net';
import { ipv6Groups } from './address-policy.js';

/**
 * What one client is when a budget is counted per client: an IPv4 address, or the /64 an IPv6 address
 * belongs to (a single host is routinely given a whole /64, so counting its addresses one by one would
 * give it 2^64 budgets). IPv4 written as IPv6 (`::ffff:a.b.c.d`) counts as that IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return bare;
  const canonical = new SocketAddress({ address: bare, family: 'ipv6' }).address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(canonical);
  if (!groups) return canonical;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
