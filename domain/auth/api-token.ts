/**
 * API tokens: how another system (provisioning, a CRM, a data warehouse) uses the REST API and
 * GraphQL without a person in a browser. A token has a scope (read: safe methods and GraphQL
 * queries only; write: everything its areas hold) and areas (billing, accounting, or all: both
 * and the product's administration). What a token may reach is decided here, from the request's
 * path or the GraphQL operation's root fields; nothing of a user's own account (signing in,
 * passwords, two-factor, the client portal, tokens themselves) is open to a token.
 */

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_AREAS = ['billing', 'accounting', 'all'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

/**
 * Where a request goes: an area a token must hold (`other` only `all` holds), `public` (open to
 * anyone, a token changes nothing), or `closed` to tokens.
 */
export type RequestArea = 'billing' | 'accounting' | 'other' | 'public' | 'closed';

/** The first path segment after /api/ of every REST route, by area. A segment not listed is closed. */
const REST_AREAS: Readonly<Record<Exclude<RequestArea, 'closed'>, readonly string[]>> = {
  billing: ['clients', 'products', 'subscriptions', 'invoices', 'credit-notes', 'payments', 'billing', 'mydata'],
  accounting: ['accounting', 'accounts', 'journal-entries', 'reports', 'bank-accounts', 'bank-rules', 'money-account-defaults', 'bills', 'suppliers', 'exchange-rates'],
  other: ['webhook-endpoints'],
  public: ['company-info', 'contact', 'demo-request', 'demo-site', 'public', 'stripe', 'openapi.json', 'docs'],
};

/**
 * Every GraphQL root field, by area (a test holds this to the schema: a field added without an
 * area fails it). Not listed: closed (me, myAccount, login, logout, changePassword, two-factor,
 * tokens).
 */
const GRAPHQL_AREAS: Readonly<Record<Exclude<RequestArea, 'closed'>, readonly string[]>> = {
  billing: [
    'adminOverview',
    'client',
    'clients',
    'creditNote',
    'creditNoteHistory',
    'creditNotes',
    'invoice',
    'invoiceEventHistory',
    'invoiceHistory',
    'invoices',
    'monthlyTrends',
    'myDataFailures',
    'myDataSettings',
    'myDataTransmission',
    'paymentAlerts',
    'product',
    'products',
    'subscription',
    'subscriptions',
    'viesEnabled',
    'applyClientCredit',
    'checkClientVies',
    'createClient',
    'createClientUser',
    'createInvoice',
    'createProduct',
    'createSubscription',
    'createSubscriptionInvoice',
    'deleteClient',
    'deleteInvoice',
    'deleteProduct',
    'deleteSubscription',
    'generateRecurringInvoices',
    'issueCreditNote',
    'markInvoicePaid',
    'markPaymentAlertHandled',
    'recordInvoicePayment',
    'refundPayment',
    'resetClientUserPassword',
    'sendInvoice',
    'sendToMyDataAgain',
    'setMyDataClassifications',
    'updateClient',
    'updateInvoice',
    'updateProduct',
    'updateSubscription',
    'writeOffInvoice',
  ],
  accounting: [
    'accountLedger',
    'accountingSettings',
    'accounts',
    'agedPayables',
    'agedReceivables',
    'balanceSheet',
    'bill',
    'bills',
    'cashFlow',
    'ecSalesList',
    'incomeStatement',
    'incomeStatementColumns',
    'journalEntries',
    'journalEntry',
    'journalEntryHistory',
    'moneyAccount',
    'moneyAccountDefaults',
    'moneyAccounts',
    'supplier',
    'suppliers',
    'trialBalance',
    'vatReturn',
    'closeFiscalYear',
    'correctJournalEntry',
    'correctSingleLineJournalEntry',
    'createAccount',
    'createBill',
    'createMoneyAccount',
    'createSupplier',
    'deleteAccount',
    'deleteBill',
    'deleteJournalEntry',
    'deleteMoneyAccount',
    'deleteSupplier',
    'postBill',
    'recordBillPayment',
    'recordJournalEntry',
    'recordSingleLineJournalEntry',
    'renameAccount',
    'reopenFiscalYear',
    'setAccountActive',
    'setBooksLock',
    'setFiscalYearStartMonth',
    'updateBill',
    'updateMoneyAccount',
    'updateMoneyAccountDefaults',
    'updateSupplier',
  ],
  other: [
    'companySettings',
    'contactMessages',
    'demoRequests',
    'inboxCounts',
    'projectionStatus',
    'markContactMessageHandled',
    'markDemoRequestHandled',
    'rebuildProjection',
    'updateCompanySettings',
    'webhookEndpoints',
    'webhookDeliveries',
    'createWebhookEndpoint',
    'updateWebhookEndpoint',
    'deleteWebhookEndpoint',
    'replayWebhookDelivery',
  ],
  public: ['publicInvoice', 'createCheckoutSession', '__typename', '__schema', '__type'],
};

const indexOf = (table: Readonly<Record<string, readonly string[]>>): ReadonlyMap<string, RequestArea> =>
  new Map(Object.entries(table).flatMap(([area, names]) => names.map((n) => [n, area as RequestArea])));

const REST_INDEX = indexOf(REST_AREAS);
const GRAPHQL_INDEX = indexOf(GRAPHQL_AREAS);

/** The area of a REST path under /api/ (`/invoices/…` or `/api/invoices/…`). */
export const restAreaOf = (path: string): RequestArea => {
  const segment = path.replace(/^\/api(?=\/)/, '').split('/')[1] ?? '';
  return REST_INDEX.get(segment) ?? 'closed';
};

/** The area of a GraphQL root field. */
export const graphqlAreaOf = (field: string): RequestArea => GRAPHQL_INDEX.get(field) ?? 'closed';

/** Every GraphQL root field given an area (for the test that holds the table to the schema). */
export const GRAPHQL_FIELDS_WITH_AREA: readonly string[] = [...GRAPHQL_INDEX.keys()];

export interface TokenGrant {
  scope: TokenScope;
  areas: readonly TokenArea[];
}

export const TOKEN_CLOSED = 'API tokens are not accepted here: sign in instead.';
export const TOKEN_READ_ONLY = 'This API token is read-only.';
export const tokenOutsideAreas = (area: string): string => `This API token has no access to ${area}.`;

/** Why this token may not make a request reaching `areas` (any write when `writes`); null when it may. */
export const tokenRefusal = (grant: TokenGrant, reached: readonly RequestArea[], writes: boolean): string | null => {
  if (reached.includes('closed')) return TOKEN_CLOSED;
  const all = grant.areas.includes('all');
  const outside = reached.find((a) => a !== 'public' && !all && !grant.areas.includes(a as TokenArea));
  if (outside) return tokenOutsideAreas(outside === 'other' ? 'the administration (give it all areas)' : outside);
  if (writes && grant.scope === 'read' && reached.some((a) => a !== 'public')) return TOKEN_READ_ONLY;
  return null;
};

/** What a token's secret looks like: a prefix that says what it is (secret scanners match it) and 43 base64url characters (32 random bytes). */
export const TOKEN_PREFIX = 'grcb_';
export const TOKEN_PATTERN = /^grcb_[A-Za-z0-9_-]{43}$/;
