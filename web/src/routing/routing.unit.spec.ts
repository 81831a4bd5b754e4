import { describe, expect, it } from 'vitest';
import { isActivePath, locationOf } from './pageLocation';
import { isAreaPath, pageAt, payInvoiceIdAt } from './pages';

describe('the public site read from the URL', () => {
  it('sends /admin and /portal to the areas and every other path to a public page', () => {
    for (const path of ['/admin', '/admin/', '/admin/clients/7', '/portal', '/portal/dashboard']) expect(isAreaPath(path), path).toBe(true);
    for (const path of ['/', '/pricing', '/login', '/administrator', '/pay-invoice/abc', '/no-such-page']) expect(isAreaPath(path), path).toBe(false);
    expect(pageAt('/pricing/')).toBe('Pricing');
    expect(pageAt('/administrator')).toBe('NotFound');
  });

  it('reads the pay link’s invoice id, decoded, with or without a trailing slash', () => {
    expect(payInvoiceIdAt('/pay-invoice/9b2f-11')).toBe('9b2f-11');
    expect(payInvoiceIdAt('/pay-invoice/9b2f-11/')).toBe('9b2f-11');
    expect(payInvoiceIdAt('/pay-invoice/a%20b')).toBe('a b');
    expect(payInvoiceIdAt('/pay-invoice/%E0%A4%A')).toBe('%E0%A4%A');
    expect(payInvoiceIdAt('/pricing')).toBe('');
  });

  it('marks a navbar link current on its page and the pages below it, as react-router’s NavLink did', () => {
    expect(isActivePath('/features', '/features')).toBe(true);
    expect(isActivePath('/features/', '/features')).toBe(true);
    expect(isActivePath('/features/risk', '/features')).toBe(true);
    expect(isActivePath('/features-old', '/features')).toBe(false);
    expect(isActivePath('/pricing', '/features')).toBe(false);
  });

  it('takes the server’s request URL apart as the browser’s location', () => {
    expect(locationOf('/pay-invoice/x?lng=el&payment=success')).toEqual({ pathname: '/pay-invoice/x', search: '?lng=el&payment=success', hash: '' });
  });
});
