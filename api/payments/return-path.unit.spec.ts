import { describe, expect, it } from 'vitest';
import { checkoutBaseUrl, resolveReturnPath, returnUrls } from './return-path';

const ID = '6f1c1b2e-8d1a-4c55-9a57-3a0f5a7e2b11';

describe('resolveReturnPath', () => {
  it('defaults to the public pay page of the invoice', () => {
    expect(resolveReturnPath(undefined, ID)).toBe(`/pay-invoice/${ID}`);
    expect(resolveReturnPath('', ID)).toBe(`/pay-invoice/${ID}`);
  });

  it('accepts the portal, admin client and pay pages, dropping query and trailing slash', () => {
    expect(resolveReturnPath('/portal', ID)).toBe('/portal');
    expect(resolveReturnPath('/portal/dashboard/?payment=success', ID)).toBe('/portal/dashboard');
    expect(resolveReturnPath(`/admin/clients/${ID}`, ID)).toBe(`/admin/clients/${ID}`);
    expect(resolveReturnPath(`/pay-invoice/${ID}#x`, ID)).toBe(`/pay-invoice/${ID}`);
  });

  it('refuses anything else, so the checkout is no open redirect', () => {
    for (const bad of ['https://evil.example/portal', '//evil.example/portal', '/admin', '/portal/../admin', '/admin/clients/1']) {
      expect(() => resolveReturnPath(bad, ID)).toThrow(/not allowed|correct/);
    }
  });
});

describe('returnUrls', () => {
  it('keeps the session placeholder unencoded for Stripe to fill in', () => {
    expect(returnUrls('http://localhost:3000', '/portal')).toEqual({
      successUrl: 'http://localhost:3000/portal?payment=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/portal?payment=cancelled',
    });
  });
});

describe('checkoutBaseUrl', () => {
  const unset = { publicBaseUrl: 'http://localhost:3000', returnToRequestOrigin: true };
  const configured = { publicBaseUrl: 'https://billing.example.com', returnToRequestOrigin: false };

  it('returns to the origin the visitor used when PUBLIC_BASE_URL is unset outside production', () => {
    expect(checkoutBaseUrl(unset, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(checkoutBaseUrl(unset, 'http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(checkoutBaseUrl(unset, 'http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it('keeps the configured base otherwise, or when the request gives no plain http(s) origin', () => {
    expect(checkoutBaseUrl(configured, 'http://127.0.0.1:3000')).toBe('https://billing.example.com');
    for (const odd of [undefined, '', 'ftp://127.0.0.1', 'http://user@evil.example', 'http://evil.example/path', 'not a url']) {
      expect(checkoutBaseUrl(unset, odd)).toBe('http://localhost:3000');
    }
  });
});
