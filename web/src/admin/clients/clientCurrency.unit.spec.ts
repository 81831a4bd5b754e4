import { describe, expect, it } from 'vitest';
import { CLIENT_CURRENCY_FIXED, CLIENT_CURRENCY_INVALID } from '../../../../domain/currency/currencies';
import { readLocale } from '../../../../test/web-i18n';
import { CLIENT_CURRENCY_TEXTS } from './clientCurrency';

describe("the client form's currency refusals", () => {
  it('are worded in every language', () => {
    expect(Object.keys(CLIENT_CURRENCY_TEXTS).sort()).toEqual([CLIENT_CURRENCY_FIXED, CLIENT_CURRENCY_INVALID].sort());
    for (const lng of ['en', 'el', 'ru']) {
      const clients = (readLocale(lng) as { admin: { clients: Record<string, unknown> } }).admin.clients;
      for (const key of Object.values(CLIENT_CURRENCY_TEXTS)) expect(typeof clients[key.split('.').pop()!], `${lng} ${key}`).toBe('string');
    }
  });
});
