import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './url-guard';

describe('webhook addresses', () => {
  it('refuses loopback, private, shared, link-local (metadata), unspecified, multicast and their IPv6 forms', () => {
    const refused = ['127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip'];
    expect(refused.filter((a) => !isForbiddenAddress(a))).toEqual([]);
  });

  it('lets public addresses through', () => {
    const allowed = ['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    expect(allowed.filter(isForbiddenAddress)).toEqual([]);
  });
});
