import { describe, expect, it } from 'vitest';
import { graphqlAreaOf, restAreaOf, TOKEN_CLOSED, TOKEN_PATTERN, TOKEN_READ_ONLY, tokenRefusal } from './api-token';

describe('API token grants', () => {
  it('places REST paths by their first segment under /api, closing what it does not know', () => {
    expect(['/api/invoices/1/pdf/', '/invoices/', '/api/credit-notes/', '/api/mydata/settings/'].map(restAreaOf)).toEqual(['billing', 'billing', 'billing', 'billing']);
    expect(['/api/reports/balance-sheet/', '/api/bills/', '/api/bank-accounts/x/statements/'].map(restAreaOf)).toEqual(['accounting', 'accounting', 'accounting']);
    expect(['/api/login/', '/api/tokens/', '/api/portal/my-account/', '/api/two-factor/', '/api/unknown/', '/', ''].map(restAreaOf)).toEqual(Array(7).fill('closed'));
    expect(restAreaOf('/api/public/invoices/1/')).toBe('public');
  });

  it('places GraphQL root fields, closing what it does not know', () => {
    expect([graphqlAreaOf('invoices'), graphqlAreaOf('balanceSheet'), graphqlAreaOf('companySettings'), graphqlAreaOf('publicInvoice'), graphqlAreaOf('me'), graphqlAreaOf('createApiToken')]).toEqual([
      'billing',
      'accounting',
      'other',
      'public',
      'closed',
      'closed',
    ]);
  });

  it('lets a token reach its areas only, writes only with write, and nothing closed', () => {
    const billingWriter = { scope: 'write', areas: ['billing'] } as const;
    const reader = { scope: 'read', areas: ['all'] } as const;
    expect(tokenRefusal(billingWriter, ['billing'], true)).toBeNull();
    expect(tokenRefusal(billingWriter, ['billing', 'accounting'], false)).toBe('This API token has no access to accounting.');
    expect(tokenRefusal(billingWriter, ['other'], false)).toBe('This API token has no access to the administration (give it all areas).');
    expect(tokenRefusal(billingWriter, ['public'], true)).toBeNull();
    expect(tokenRefusal(reader, ['accounting', 'other'], false)).toBeNull();
    expect(tokenRefusal(reader, ['accounting'], true)).toBe(TOKEN_READ_ONLY);
    expect(tokenRefusal({ scope: 'write', areas: ['all'] }, ['billing', 'closed'], false)).toBe(TOKEN_CLOSED);
    expect(tokenRefusal({ scope: 'write', areas: ['accounting', 'billing'] }, ['accounting', 'billing'], true)).toBeNull();
  });

  it('recognises a token by its shape', () => {
    expect(TOKEN_PATTERN.test(`grcb_${'a'.repeat(43)}`)).toBe(true);
    expect([`grcb_${'a'.repeat(42)}`, `grcb_${'a'.repeat(44)}`, `xxxx_${'a'.repeat(43)}`, `grcb_${'+'.repeat(43)}`].some((t) => TOKEN_PATTERN.test(t))).toBe(false);
  });
});
