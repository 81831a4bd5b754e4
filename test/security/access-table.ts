/**
 * The expected answer of every REST route and GraphQL operation, per caller. A route or operation
 * that is added without a row here fails the authorisation matrix test.
 *
 * REST statuses are [anonymous, client user on the other client's records, superuser]. Ids in
 * paths are the other client's real records for GET/anonymous/client calls; the superuser's
 * writes go to an id that names nothing (404) or carry an empty body (400, validated before the
 * lookup), so the matrix changes no data.
 */
export type Rule = 'public' | 'superuser' | 'client' | 'authenticated' | 'owner' | 'capability' | 'signed';

export interface RestExpectation {
  rule: Rule;
  anon: number;
  client: number;
  superuser: number;
}

const su = (superuser: number): RestExpectation => ({ rule: 'superuser', anon: 401, client: 403, superuser });
const pub = (status: number): RestExpectation => ({ rule: 'public', anon: status, client: status, superuser: status });

export const REST_TABLE: Record<string, RestExpectation> = {
  'GET /metrics': pub(200),
  'GET /healthz': pub(200),
  'GET /readyz': pub(200),
  'GET /sitemap.xml': pub(200),
  'GET /robots.txt': pub(200),
  'POST /api/login/': pub(400),
  'GET /api/check-auth/': pub(200),
  'POST /api/logout/': pub(200),
  'POST /api/change-password/': { rule: 'authenticated', anon: 401, client: 400, superuser: 400 },
  'GET /api/two-factor/': { rule: 'authenticated', anon: 401, client: 200, superuser: 200 },
  'POST /api/two-factor/setup/': { rule: 'authenticated', anon: 401, client: 400, superuser: 400 },
  'POST /api/two-factor/enable/': { rule: 'authenticated', anon: 401, client: 409, superuser: 409 },
  'POST /api/two-factor/recovery-codes/': { rule: 'authenticated', anon: 401, client: 409, superuser: 409 },
  'POST /api/two-factor/disable/': { rule: 'authenticated', anon: 401, client: 409, superuser: 409 },
  'GET /api/company-info/': pub(200),
  'GET /api/demo-site/': pub(302),
  'POST /api/contact/': pub(400),
  'POST /api/demo-request/': pub(400),
  // The same forms posted without scripts (server-rendered pages): only as a browser posts a form
  // (urlencoded; the matrix sends JSON), answered with the page and its field errors (400).
  'POST /contact': pub(415),
  // The login page posted without scripts: the page again (303), which says signing in needs them.
  'POST /login': pub(303),
  'POST /demo-request': pub(415),
  // The pay link: anyone holding the id may pay, but a logged-in user of another client learns nothing.
  'POST /api/invoices/:id/create-checkout-session/': { rule: 'capability', anon: 200, client: 404, superuser: 200 },
  'GET /api/public/invoices/:id/': { rule: 'capability', anon: 200, client: 200, superuser: 200 },
  'GET /api/public/invoices/:id/pdf/': { rule: 'capability', anon: 200, client: 200, superuser: 200 },
  'GET /api/public/invoices/:id/ubl/': { rule: 'capability', anon: 200, client: 200, superuser: 200 },
  'POST /api/stripe/webhook/': { rule: 'signed', anon: 400, client: 400, superuser: 400 },
  'POST /api/payments/reconcile/': pub(400),
  'GET /simulated-checkout/:id': pub(404),
  'POST /simulated-checkout/:id/pay': pub(404),
  'POST /simulated-checkout/:id/cancel': pub(404),
  'GET /api/portal/my-account/': { rule: 'client', anon: 401, client: 200, superuser: 403 },
  'GET /api/portal/my-account/statement/': { rule: 'client', anon: 401, client: 200, superuser: 403 },
  'GET /api/invoices/:id/pdf/': { rule: 'owner', anon: 401, client: 404, superuser: 200 },
  'GET /api/credit-notes/:id/pdf/': { rule: 'owner', anon: 401, client: 404, superuser: 404 },
  'GET /api/invoices/:id/ubl/': { rule: 'owner', anon: 401, client: 404, superuser: 200 },
  'GET /api/credit-notes/:id/ubl/': { rule: 'owner', anon: 401, client: 404, superuser: 404 },
  'GET /api/journal-entries/': su(200),
  'POST /api/journal-entries/': su(400),
  'GET /api/journal-entries/:id/': su(404),
  'PUT /api/journal-entries/:id/': su(400),
  'DELETE /api/journal-entries/:id/': su(404),
  'GET /api/accounts/': su(200),
  'GET /api/accounting/lock/': su(200),
  'PUT /api/accounting/lock/': su(400),
  'PUT /api/accounting/fiscal-year/': su(400),
  'POST /api/accounting/year-end-close/': su(400),
  'POST /api/accounting/year-end-reopen/': su(400),
  'GET /api/reports/income-statement/': su(200),
  'GET /api/reports/balance-sheet/': su(200),
  'GET /api/reports/aged-receivables/': su(200),
  'GET /api/reports/vat-return/': su(200),
  'GET /api/reports/cash-flow/': su(200),
  'GET /api/reports/income-statement/export/': su(200),
  'GET /api/reports/balance-sheet/export/': su(200),
  'GET /api/reports/cash-flow/export/': su(200),
  'GET /api/reports/trial-balance/export/': su(200),
  'GET /api/reports/aged-receivables/export/': su(200),
  'GET /api/reports/vat-return/export/': su(200),
  'GET /api/reports/account-ledger/export/': su(400),
  'GET /api/accounting/journal-export/': su(200),
  'GET /api/clients/': su(200),
  'POST /api/clients/': su(400),
  'GET /api/clients/:id/': su(200),
  'PUT /api/clients/:id/': su(400),
  'DELETE /api/clients/:id/': su(404),
  'POST /api/clients/:id/create_user/': su(404),
  'POST /api/clients/:id/reset_password/': su(404),
  'POST /api/clients/:id/apply_credit/': su(400),
  'GET /api/clients/:id/statement/': su(200),
  'GET /api/products/': su(200),
  'POST /api/products/': su(400),
  'GET /api/products/:id/': su(200),
  'PUT /api/products/:id/': su(400),
  'DELETE /api/products/:id/': su(404),
  'GET /api/bank-accounts/': su(200),
  'POST /api/bank-accounts/': su(400),
  'GET /api/bank-accounts/:id/': su(404),
  'PUT /api/bank-accounts/:id/': su(400),
  'DELETE /api/bank-accounts/:id/': su(404),
  'GET /api/money-account-defaults/': su(200),
  // An empty body is every purpose on its built-in rule: what the matrix's server has already, so nothing changes.
  'PUT /api/money-account-defaults/': su(200),
  'POST /api/bank-accounts/:id/statements/': su(404),
  'GET /api/bank-accounts/:id/statements/': su(404),
  'GET /api/bank-accounts/:id/statement-lines/': su(404),
  'GET /api/bank-accounts/:id/movements/': su(404),
  'GET /api/bank-accounts/:id/open-invoices/': su(404),
  'GET /api/bank-rules/': su(200),
  'GET /api/bank-accounts/:id/csv-mapping/': su(404),
  'PUT /api/bank-accounts/:id/csv-mapping/': su(400),
  'POST /api/bank-rules/': su(400),
  'PUT /api/bank-rules/:id/': su(400),
  'DELETE /api/bank-rules/:id/': su(404),
  'GET /api/bank-accounts/:id/reconciliation-report/': su(404),
  'GET /api/bank-accounts/:id/reconciliation-report/export/': su(404),
  'GET /api/bank-accounts/:id/statement-lines/:lineId/suggestions/': su(404),
  'POST /api/bank-accounts/:id/statement-lines/:lineId/reconcile/': su(404),
  'POST /api/bank-accounts/:id/statement-lines/:lineId/unreconcile/': su(404),
  'GET /api/subscriptions/': su(200),
  'POST /api/subscriptions/': su(400),
  'GET /api/subscriptions/:id/': su(200),
  'PUT /api/subscriptions/:id/': su(400),
  'DELETE /api/subscriptions/:id/': su(404),
  'POST /api/subscriptions/:id/create-invoice/': su(404),
  'GET /api/invoices/': su(200),
  'POST /api/invoices/': su(400),
  'GET /api/invoices/:id/': su(200),
  'GET /api/invoices/:id/history/': su(200),
  'PUT /api/invoices/:id/': su(400),
  'DELETE /api/invoices/:id/': su(404),
  'POST /api/invoices/:id/send/': su(404),
  'POST /api/invoices/:id/mark_as_paid/': su(404),
  'POST /api/invoices/:id/write-off/': su(400),
  'POST /api/billing/generate-invoices/': su(200),
  'POST /api/invoices/:id/credit-notes/': su(400),
  'GET /api/invoices/:id/payments/': su(200),
  'POST /api/invoices/:id/payments/': su(400),
  'POST /api/payments/:id/refund/': su(400),
  'GET /api/credit-notes/': su(200),
  'GET /api/credit-notes/:id/': su(404),
  'GET /api/credit-notes/:id/history/': su(404),
};

/** GraphQL operations by rule; every Query and Mutation field must be in exactly one list. */
export const GRAPHQL_TABLE: Record<Exclude<Rule, 'owner' | 'signed'>, string[]> = {
  public: ['me', 'login', 'logout'],
  capability: ['publicInvoice'],
  authenticated: ['changePassword', 'createCheckoutSession', 'twoFactorStatus', 'beginTwoFactorSetup', 'enableTwoFactor', 'renewRecoveryCodes', 'disableTwoFactor'],
  client: ['myAccount'],
  superuser: [
    'accounts', 'journalEntries', 'journalEntry', 'journalEntryHistory', 'invoiceEventHistory', 'incomeStatement', 'incomeStatementColumns', 'monthlyTrends',
    'balanceSheet', 'agedReceivables', 'vatReturn', 'cashFlow', 'trialBalance', 'accountLedger', 'accountingSettings', 'setBooksLock', 'setFiscalYearStartMonth', 'closeFiscalYear', 'reopenFiscalYear', 'clients', 'client', 'companySettings', 'invoices',
    'invoice', 'invoiceHistory', 'products', 'product', 'subscriptions', 'subscription', 'adminOverview',
    'contactMessages', 'demoRequests', 'inboxCounts', 'projectionStatus', 'createAccount', 'renameAccount',
    'setAccountActive', 'deleteAccount', 'recordSingleLineJournalEntry', 'correctSingleLineJournalEntry',
    'recordJournalEntry', 'correctJournalEntry', 'deleteJournalEntry', 'createClient', 'updateClient', 'deleteClient',
    'createClientUser', 'updateCompanySettings', 'createInvoice', 'updateInvoice', 'deleteInvoice', 'sendInvoice',
    'markInvoicePaid', 'generateRecurringInvoices', 'createProduct', 'updateProduct', 'deleteProduct',
    'createSubscription', 'updateSubscription', 'deleteSubscription', 'createSubscriptionInvoice',
    'markContactMessageHandled', 'markDemoRequestHandled', 'rebuildProjection', 'creditNotes', 'creditNote',
    'creditNoteHistory', 'issueCreditNote', 'recordInvoicePayment', 'refundPayment', 'paymentAlerts', 'markPaymentAlertHandled',
    'applyClientCredit', 'resetClientUserPassword', 'writeOffInvoice',
    'moneyAccounts', 'moneyAccount', 'createMoneyAccount', 'updateMoneyAccount', 'deleteMoneyAccount',
    'moneyAccountDefaults', 'updateMoneyAccountDefaults',
  ],
};

export const graphqlRuleOf = (name: string): Rule | undefined =>
  (Object.entries(GRAPHQL_TABLE) as [Rule, string[]][]).find(([, names]) => names.includes(name))?.[0];
