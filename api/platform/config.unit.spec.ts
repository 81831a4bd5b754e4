import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database on port 3000 with demo data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
    expect(c.stripe).toBeUndefined();
    expect(c.role).toBe('all');
    expect(c.sessionSecret).toBeUndefined();
  });

  it('reads WEB_PROCESSES (one process by default), only on PostgreSQL and with ROLE unset', () => {
    expect(loadConfig({}).webProcesses).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', WEB_PROCESSES: '2' }).webProcesses).toBe(2);
    expect(() => loadConfig({ WEB_PROCESSES: '2' })).toThrow(/WEB_PROCESSES needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', WEB_PROCESSES: '2', ROLE: 'web' })).toThrow(/leave ROLE unset/);
    for (const bad of ['-1', '1.5', 'two', '65']) expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', WEB_PROCESSES: bad })).toThrow(/WEB_PROCESSES must be a whole number/);
  });

  it('reads the API token budget and whether webhooks may reach private addresses in production', () => {
    expect([loadConfig({}).apiTokenRateLimit, loadConfig({}).webhooksAllowPrivate]).toEqual([undefined, false]);
    expect([loadConfig({ API_TOKEN_RATE_LIMIT: '100000' }).apiTokenRateLimit, loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate]).toEqual([100000, true]);
    expect(() => loadConfig({ API_TOKEN_RATE_LIMIT: '0' })).toThrow('API_TOKEN_RATE_LIMIT must be a whole number above 0, got "0"');
    expect(() => loadConfig({ API_TOKEN_RATE_LIMIT: 'lots' })).toThrow(/API_TOKEN_RATE_LIMIT/);
  });

  it('turns demo data off with DATABASE_URL unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('derives the public base URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://billing.example.com/' }).publicBaseUrl).toBe('https://billing.example.com');
  });

  it('lets checkouts return to the request origin only when PUBLIC_BASE_URL is unset, and requires it in production', () => {
    expect(loadConfig({}).returnToRequestOrigin).toBe(true);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://billing.example.com' }).returnToRequestOrigin).toBe(false);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's', STRIPE_SECRET_KEY: 'sk' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_BASE_URL is required/);
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://billing.example.com' }).returnToRequestOrigin).toBe(false);
  });

  it('reads Stripe, SMTP and company settings', () => {
    const c = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      SMTP_URL: 'smtp://localhost:25',
      COMPANY_NAME: 'Acme',
      COMPANY_JURISDICTION: 'Greece',
    });
    expect(c.stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: undefined, webhookSecret: 'whsec_1' });
    expect(c.smtpUrl).toBe('smtp://localhost:25');
    expect(c.company.name).toBe('Acme');
    expect(c.company.jurisdiction).toBe('Greece');
    // Without MAIL_FROM the company settings name the sender; an empty one counts as unset.
    expect(c.mailFrom).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: '' }).mailFrom).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: 'Billing <billing@seller.test>' }).mailFrom).toBe('Billing <billing@seller.test>');
  });

  it("reads COMPANY_VAT_RATE in percent, the sample company's 19 % when unset, and refuses a malformed one", () => {
    expect(loadConfig({}).company.standardVatRateBp).toBe(1900);
    expect(loadConfig({ COMPANY_VAT_RATE: '24' }).company.standardVatRateBp).toBe(2400);
    expect(loadConfig({ COMPANY_VAT_RATE: ' 5.5 ' }).company.standardVatRateBp).toBe(550);
    expect(loadConfig({ COMPANY_VAT_RATE: '0' }).company.standardVatRateBp).toBe(0);
    expect(() => loadConfig({ COMPANY_VAT_RATE: '120' })).toThrow('COMPANY_VAT_RATE must be a percent from 0 to 100 with at most two decimals (e.g. 19 or 5.5), got "120": Ensure this value is less than or equal to 100.');
    expect(() => loadConfig({ COMPANY_VAT_RATE: '19.555' })).toThrow(/no more than 2 decimal places/);
    expect(() => loadConfig({ COMPANY_VAT_RATE: '-1' })).toThrow(/greater than or equal to 0/);
    expect(() => loadConfig({ COMPANY_VAT_RATE: '19%' })).toThrow(/A valid number is required/);
  });

  it('refuses unsafe or malformed production settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's' })).toThrow(/simulated checkout/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ROLE: 'cook' })).toThrow(/ROLE/);
  });

  it('reads REQUIRE_ADMIN_2FA (off by default) and the TOTP key material (TOTP_ENCRYPTION_KEY, else a set SESSION_SECRET, else none)', () => {
    expect(loadConfig({}).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'false' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({}).totpKeyMaterial).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: 'sess' }).totpKeyMaterial).toBe('sess');
    expect(loadConfig({ SESSION_SECRET: 'sess', TOTP_ENCRYPTION_KEY: 'totp' }).totpKeyMaterial).toBe('totp');
  });

  it('trusts no forwarded address unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', STRIPE_SECRET_KEY: 'sk', PUBLIC_BASE_URL: 'https://x.test' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '1.2.3.4/8/8', 'loopback,,nope']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('turns myDATA on with both credentials (AADE test endpoint unless told), and VIES with its URL', () => {
    expect(loadConfig({}).mydata).toBeUndefined();
    expect(loadConfig({ MYDATA_USER_ID: 'u', MYDATA_SUBSCRIPTION_KEY: 'k' }).mydata).toEqual({ provider: 'aade', userId: 'u', subscriptionKey: 'k', url: 'https://mydataapidev.aade.gr/' });
    expect(loadConfig({ MYDATA_USER_ID: 'u', MYDATA_SUBSCRIPTION_KEY: 'k', MYDATA_URL: 'https://mydatapi.aade.gr/myDATA' }).mydata?.url).toBe('https://mydatapi.aade.gr/myDATA/');
    expect(() => loadConfig({ MYDATA_USER_ID: 'u' })).toThrow(/both MYDATA_USER_ID and MYDATA_SUBSCRIPTION_KEY/);
    expect(() => loadConfig({ MYDATA_USER_ID: 'u', MYDATA_SUBSCRIPTION_KEY: 'k', MYDATA_PROVIDER: 'acme' })).toThrow(/MYDATA_PROVIDER must be one of aade/);
    expect(() => loadConfig({ MYDATA_USER_ID: 'u', MYDATA_SUBSCRIPTION_KEY: 'k', MYDATA_URL: 'ftp://x' })).toThrow(/MYDATA_URL must be an http or https URL/);
    expect(loadConfig({}).viesUrl).toBeUndefined();
    expect(loadConfig({ VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number' }).viesUrl).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number');
  });
});
