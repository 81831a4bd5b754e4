import { describe, expect, it } from 'vitest';
import { resolveReturnPath, returnUrls } from './return-path';

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
