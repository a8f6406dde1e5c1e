import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/platform/net/client-network.js';

describe('clientNetwork: what one client is for a per-client budget', () => {
  it('is the IPv4 address itself, also when written as IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is spelled', () => {
    const net = clientNetwork('2001:db8:1:2::1');
    expect(net).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:0:0:9')).toBe(net);
    expect(clientNetwork('[2001:db8:1:2:abcd::1]')).toBe(net);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(net);
  });
});
