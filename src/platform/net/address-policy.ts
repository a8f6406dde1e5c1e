import { BlockList, isIP, SocketAddress } from 'node:net';

/**
 * Addresses an outbound fetch of a user-supplied URL must never reach (SSRF): this host, the private
 * networks behind it, link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT,
 * multicast and every reserved or documentation range. IPv4 written inside IPv6 is checked as IPv4.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d, deprecated: no route reaches one)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): an IPv4 host behind a translator of our own network
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translated into our own network's IPv4
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (includes fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * The IPv4 address carried by an IPv4-mapped, well-known-prefix NAT64 or 6to4 IPv6 address, if any. Takes
 * the canonical text form (`canonicalIpv6`), so `0:0:0:0:0:ffff:7f00:1` cannot slip past as another spelling.
 */
function embeddedIpv4(ipv6: string): string | null {
  const lower = ipv6.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const groups = ipv6Groups(lower);
  if (groups?.[0] === 0x2002) {
    // 6to4: the IPv4 address is the second and third groups, whichever of them the text compressed away.
    const [high, low] = [groups[1]!, groups[2]!];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address in text form (`::` expanded, a dotted tail as two groups). */
export function ipv6Groups(ipv6: string): number[] | null {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ipv6);
  let text = ipv6;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${ipv6.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  const groups = [...front, ...Array(Math.max(0, zeros)).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** True when `ip` (a literal IPv4 or IPv6 address) is a public unicast address. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family === 6) {
    const canonical = new SocketAddress({ address: bare, family: 'ipv6' }).address;
    const v4 = embeddedIpv4(canonical);
    if (v4) return !blocked.check(v4, 'ipv4');
    return !blocked.check(canonical, 'ipv6');
  }
  return false;
}
