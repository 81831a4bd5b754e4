import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may not go (server-side request forgery): loopback, private, shared (CGNAT),
 * link-local (the cloud metadata address 169.254.169.254 among them), unspecified, multicast and
 * reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 addresses as their IPv4).
 */
const FORBIDDEN = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** Whether an IP address is one a webhook may not reach. */
export const isForbiddenAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export const FORBIDDEN_ADDRESS = 'This URL leads to a loopback, private, link-local or metadata address, which webhooks may not reach.';

export class ForbiddenAddressError extends Error {
  constructor(readonly address: string) {
    super(`${FORBIDDEN_ADDRESS} (${address})`);
  }
}

/**
 * A DNS lookup for the webhook HTTP client that refuses a forbidden address: checked at the moment
 * of connecting, so a name that resolved to a public address when the endpoint was registered and
 * to a private one now (DNS rebinding) is refused too. `allowPrivate` (development and tests) lets
 * everything through.
 */
export const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowed = allowPrivate ? addresses : addresses.filter((a) => !isForbiddenAddress(a.address));
      if (allowed.length === 0) return callback(new ForbiddenAddressError(addresses[0]?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };

/** The addresses `hostname` resolves to now (an IP literal: itself). */
export const resolveAll = async (hostname: string): Promise<string[]> => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  return new Promise((resolve, reject) => dnsLookup(bare, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address)))));
};
