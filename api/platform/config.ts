import { isIP } from 'node:net';
import { BOOKS_CURRENCY } from '../../domain/currency/currencies';
import path from 'node:path';
import { isCountryCode, normaliseCountry } from '../../domain/invoice/vat';
import { parseVatRate } from '../../domain/shared/money';
import { trimEnd } from '../../domain/shared/text';
import type { UpdateCompanySettings } from '../../domain/billing/commands';

export type Role = 'all' | 'web' | 'worker';

/**
 * The company settings a first start seeds (COMPANY_* variables): every field of an update of
 * them (the country decides reverse charge and is clients' default; the VAT rate in basis points)
 * but the reminder schedule, which starts as the table's default.
 */
export type CompanyDefaults = Required<Omit<UpdateCompanySettings, 'reminderDays'>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl?: string;
  eventstoreUrl?: string;
  adminUsername?: string;
  adminPassword?: string;
  seedDemo: boolean;
  /** Links in e-mails, the sitemap; checkout returns too unless `returnToRequestOrigin`. */
  publicBaseUrl: string;
  /**
   * PUBLIC_BASE_URL is unset outside production: a checkout returns to the origin the visitor used
   * (localhost, 127.0.0.1 or a LAN address), where their session cookie lives.
   */
  returnToRequestOrigin: boolean;
  /** apiBase (STRIPE_API_BASE) points the SDK at another endpoint: a local fake in tests, or stripe-mock. */
  stripe?: { secretKey: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  smtpUrl?: string;
  /** MAIL_FROM; unset: the company settings' name at its e-mail address. */
  mailFrom?: string;
  salesEmail: string;
  /**
   * SESSION_SECRET (required in production); unset, a key kept in DATA_DIR signs the cookies of every
   * process on it (api/auth/session-secret.ts).
   */
  sessionSecret?: string;
  demoSiteUrl: string;
  company: CompanyDefaults;
  role: Role;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: webhook endpoints on loopback or a private network are accepted in
   * production too (receivers inside the company's own network). Outside production they always are.
   */
  webhooksAllowPrivate: boolean;
  /** API_TOKEN_RATE_LIMIT: requests one API token may make per 15 minutes (default 9,000). */
  apiTokenRateLimit?: number;
  /**
   * WEB_PROCESSES: `npm start` as several processes on one machine (PostgreSQL only): the first
   * only supervises (api/main/supervisor.ts); it forks a worker for the background work and this many
   * web processes that share the port, and replaces any that dies. 0: one process does everything.
   */
  webProcesses: number;
  recurringSchedule: boolean;
  /** Send the payment reminders that are due, daily. */
  reminderSchedule: boolean;
  /**
   * ECB_RATES_URL: where to download the ECB's reference rates once a day (e.g.
   * https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml); unset (the default), nothing is
   * downloaded and rates come only from uploads, the command and manual entry.
   */
  ecbRatesUrl?: string;
  /**
   * Greece's myDATA (AADE): MYDATA_USER_ID and MYDATA_SUBSCRIPTION_KEY turn transmission on for a
   * company in Greece; MYDATA_URL is the endpoint (default AADE's test one; production is
   * https://mydatapi.aade.gr/myDATA/). Unset, nothing is sent and documents show "not transmitted".
   */
  mydata?: { provider: MyDataProviderName; userId: string; subscriptionKey: string; url: string };
  /** VIES_URL: the EU VIES REST endpoint for checking a client's VAT number (off when unset). */
  viesUrl?: string;
  metricsToken?: string;
  /** REQUIRE_ADMIN_2FA: superusers must enrol in two-factor sign-in before they reach the admin area. */
  requireAdmin2fa: boolean;
  /**
   * What the key that encrypts TOTP secrets is derived from: TOTP_ENCRYPTION_KEY, else an explicitly
   * set SESSION_SECRET; unset, a key file in DATA_DIR (see api/auth/two-factor/secret-box.ts).
   */
  totpKeyMaterial?: string;
  /**
   * express's `trust proxy`: whether X-Forwarded-For (and -Proto) count, and from whom. False: the
   * TCP peer is the client. A number: that many proxies in front. A list: the proxies' addresses.
   */
  trustProxy: TrustProxy;
  /** Events per projection transaction. */
  projectionBatchSize: number;
}

export type TrustProxy = false | number | string[];

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string): boolean => {
  if (PROXY_PRESETS.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address || !isIP(address)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};

/** TRUST_PROXY: off by default; `true` is refused, as it would let any client name its own address. */
/**
 * Whether Pay Now can charge an invoice in `currency` by card: Stripe charges the invoice's own
 * currency (and settles it in euros); the simulated checkout, without Stripe keys, charges euros only.
 */
export const chargesByCard = (config: Pick<Config, 'stripe'>, currency: string): boolean => currency === BOOKS_CURRENCY || config.stripe !== undefined;

export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  if (text === 'true' || !entries.every(isProxyAddress)) {
    throw new Error(`TRUST_PROXY must be a hop count (1) or a comma-separated list of proxy addresses, subnets or loopback/linklocal/uniquelocal, got "${value}"`);
  }
  return entries;
};

/** A whole number above 0, or unset. */
const positiveInt = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new Error(`${name} must be a whole number above 0, got "${value}"`);
  return Number(value);
};

const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
};

const companyCountry = (value: string | undefined): string => {
  const code = normaliseCountry(value || 'CY');
  if (!isCountryCode(code)) throw new Error(`COMPANY_COUNTRY must be an ISO 3166-1 alpha-2 code, got "${value}"`);
  return code;
};

/** COMPANY_VAT_RATE in percent (19, 5.5); the sample company's Cyprus rate when unset. */
const companyVatRate = (value: string | undefined): number => {
  if (value === undefined || value.trim() === '') return 1900;
  const parsed = parseVatRate(value);
  if (!parsed.ok) throw new Error(`COMPANY_VAT_RATE must be a percent from 0 to 100 with at most two decimals (e.g. 19 or 5.5), got "${value}": ${parsed.error}`);
  return parsed.value;
};

/** Reads the runtime contract of DESIGN.md from an environment. Pure. */
/** ECB_RATES_URL: an http(s) URL, or unset. */
const httpUrl = (name: string, value: string | undefined): string | undefined => {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http or https URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL, got "${value}"`);
  return url.toString();
};

const ratesUrl = (value: string | undefined): string | undefined => httpUrl('ECB_RATES_URL', value);

/** The myDATA providers the product has an implementation of (MYDATA_PROVIDER): AADE's direct ERP channel. */
export const MYDATA_PROVIDERS = ['aade'] as const;
export type MyDataProviderName = (typeof MYDATA_PROVIDERS)[number];

/** AADE's test endpoint: the default, so credentials alone never send to production. */
export const MYDATA_TEST_URL = 'https://mydataapidev.aade.gr/';

const mydataConfig = (env: NodeJS.ProcessEnv): Config['mydata'] => {
  const userId = env.MYDATA_USER_ID?.trim();
  const subscriptionKey = env.MYDATA_SUBSCRIPTION_KEY?.trim();
  if (!userId && !subscriptionKey) return undefined;
  if (!userId || !subscriptionKey) throw new Error('myDATA needs both MYDATA_USER_ID and MYDATA_SUBSCRIPTION_KEY');
  const provider = (env.MYDATA_PROVIDER?.trim() || 'aade') as MyDataProviderName;
  if (!MYDATA_PROVIDERS.includes(provider)) throw new Error(`MYDATA_PROVIDER must be one of ${MYDATA_PROVIDERS.join(', ')}, got "${env.MYDATA_PROVIDER}"`);
  const url = httpUrl('MYDATA_URL', env.MYDATA_URL) ?? MYDATA_TEST_URL;
  return { provider, userId, subscriptionKey, url: url.endsWith('/') ? url : `${url}/` };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (nodeEnv === 'production' && !env.SESSION_SECRET) throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  const stripeKey = env.STRIPE_SECRET_KEY || undefined;
  if (nodeEnv === 'production' && !stripeKey) {
    throw new Error('STRIPE_SECRET_KEY is required when NODE_ENV=production: the simulated checkout is for development only');
  }
  if (nodeEnv === 'production' && !env.PUBLIC_BASE_URL) {
    throw new Error('PUBLIC_BASE_URL is required when NODE_ENV=production: e-mail links and Stripe return URLs need the public address');
  }
  const role = (env.ROLE ?? 'all') as Role;
  if (!['all', 'web', 'worker'].includes(role)) throw new Error(`ROLE must be all, web or worker, got "${env.ROLE}"`);
  const webProcesses = Number(env.WEB_PROCESSES || 0);
  if (!Number.isInteger(webProcesses) || webProcesses < 0 || webProcesses > 64) throw new Error(`WEB_PROCESSES must be a whole number from 0 to 64, got "${env.WEB_PROCESSES}"`);
  if (webProcesses > 0 && !databaseUrl) throw new Error('WEB_PROCESSES needs DATABASE_URL: the embedded database (PGlite) admits one process');
  if (webProcesses > 0 && role !== 'all') throw new Error(`WEB_PROCESSES starts its own worker and web processes: leave ROLE unset, got "${env.ROLE}"`);
  return {
    env: nodeEnv,
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    eventstoreUrl: env.EVENTSTORE_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: bool(env.SEED_DEMO, !databaseUrl),
    publicBaseUrl: trimEnd(env.PUBLIC_BASE_URL || `http://localhost:${port}`, '/'),
    returnToRequestOrigin: !env.PUBLIC_BASE_URL,
    stripe: stripeKey
      ? {
          secretKey: stripeKey,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE || undefined,
        }
      : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    salesEmail: env.SALES_EMAIL || 'sales@example.com',
    sessionSecret: env.SESSION_SECRET || undefined,
    demoSiteUrl: env.DEMO_SITE_URL || 'https://demo.example.com/',
    company: {
      name: env.COMPANY_NAME || 'Aegis GRC Ltd',
      address: env.COMPANY_ADDRESS || '12 Example Street, 1010 Nicosia, Cyprus',
      phone: env.COMPANY_PHONE || '+357 22 000000',
      email: env.COMPANY_EMAIL || 'info@example.com',
      registrationNumber: env.COMPANY_REGISTRATION_NUMBER || 'HE 000000',
      vatNumber: env.COMPANY_VAT_NUMBER || 'CY00000000X',
      jurisdiction: env.COMPANY_JURISDICTION || 'the Republic of Cyprus',
      country: companyCountry(env.COMPANY_COUNTRY),
      iban: env.COMPANY_IBAN || '',
      bic: env.COMPANY_BIC || '',
      standardVatRateBp: companyVatRate(env.COMPANY_VAT_RATE),
    },
    role,
    webProcesses,
    recurringSchedule: bool(env.RECURRING_SCHEDULE, true),
    reminderSchedule: bool(env.REMINDER_SCHEDULE, true),
    ecbRatesUrl: ratesUrl(env.ECB_RATES_URL),
    mydata: mydataConfig(env),
    viesUrl: httpUrl('VIES_URL', env.VIES_URL),
    metricsToken: env.METRICS_TOKEN || undefined,
    requireAdmin2fa: bool(env.REQUIRE_ADMIN_2FA, false),
    totpKeyMaterial: env.TOTP_ENCRYPTION_KEY || env.SESSION_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    projectionBatchSize: Math.max(1, Number(env.PROJECTION_BATCH_SIZE) || 500),
    webhooksAllowPrivate: bool(env.WEBHOOKS_ALLOW_PRIVATE, false),
    apiTokenRateLimit: positiveInt('API_TOKEN_RATE_LIMIT', env.API_TOKEN_RATE_LIMIT),
  };
};
