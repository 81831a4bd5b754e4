import { getNamedType, isInputObjectType, isListType, isNonNullType, isObjectType, type GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { addDays, dayOf } from '../../domain/shared/dates';
import { TEXT_FAULT_MESSAGES } from '../../domain/shared/text';
import { getSchema } from '../../api/main/schema';
import { createClientWithLogin, createInvoice } from '../billing-fixtures';
import { testBackends } from '../db';
import { startTestServer, type TestClient, type TestServer } from '../server';
import { miniatureRendered, miniatureWebBuild, withWebDist } from '../ssr-mini-build';
import { fingerprint, settledFingerprint } from './hostile';
import { enumerateOperations, enumerateRoutes, routeKey, type Operation } from './surface';

/**
 * Issue 36, item 5: every text field, REST and GraphQL, refuses a NUL (and every other control
 * character) with a 400 / BAD_USER_INPUT naming the field, and a one-line field refuses a line
 * break, writing nothing; a multi-line field keeps its line breaks. The REST routes come from the
 * express app and the GraphQL String arguments and input fields from the schema, so a route or a
 * field added without a case here fails this test.
 */

const NUL = 'a\u0000b';
const BREAK = 'a\r\nb';
const CONTROL = TEXT_FAULT_MESSAGES.control;
const ONE_LINE = TEXT_FAULT_MESSAGES.lineBreak;
const LIMITS = { loginPerIp: 1_000_000, loginPerUsername: 1_000_000, publicFormsPerIp: 1_000_000, publicReadsPerIp: 1_000_000 };

interface Fixtures {
  today: string;
  tomorrow: string;
  clientId: string;
  clientWithoutLogin: string;
  productId: string;
  moneyAccountId: string;
  bankRuleId: string;
  subscriptionId: string;
  draftId: string;
  issuedId: string;
  paymentId: string;
  entryId: string;
  supplierId: string;
  billId: string;
  webhookEndpointId: string;
}

type Caller = 'anon' | 'admin';
type Json = Record<string, unknown>;

interface Case {
  caller: Caller;
  /** Fields whose NUL is refused by their own format (a day, an id, a choice), with its message rather than the text rule's. */
  format?: string[];
  /** Fields that hold several lines. Every other string is a one-line text. */
  multi?: string[];
  /** The base is accepted as it is, so a line break in a multi-line field must be too. */
  accepts?: boolean;
}

interface RestCase extends Case {
  path: (f: Fixtures) => string;
  /** Every text field the route reads, valid. */
  body: (f: Fixtures) => Json;
  /** Posted as a browser posts a form without scripts. */
  form?: boolean;
}

const EXPENSE = 'a0000000-0000-4000-8000-000000005300';

const ruleBody = (): Json => ({ name: 'Clean rule', text_contains: 'hosting', text_words: ['cloud'], text_starts_with: 'Cloud', direction: 'out', counterparty_iban: 'DE89370400440532013000', account: '5100', vat_rate: 19, description: 'Clean' });
const clientBody = (f: Fixtures): Json => ({ name: 'Clean Text Ltd', email: 'clean@example.com', phone: '+357 1', address: '1 Road', vat_number: 'CY10259033P', language: 'en', country: 'CY' });
const invoiceBody = (f: Fixtures): Json => ({
  client: f.clientId,
  invoice_number: `CT-${Math.random().toString(36).slice(2, 8)}`,
  date: f.today,
  due_date: f.tomorrow,
  items: [{ description: 'Licence', quantity: 1, unit_price: 10, vat_rate: 0, vat_category: 'E', vat_exemption_reason: 'Exempt' }],
});
const supplierBody = (vatNumber: string) => (): Json => ({ name: 'Clean Supplier', vat_number: vatNumber, country: 'CY', address: '1 Road', iban: 'DE89370400440532013000' });
const billBody = (f: Fixtures): Json => ({
  supplier: f.supplierId,
  invoice_number: 'SUP-1',
  date: f.today,
  due_date: f.tomorrow,
  items: [{ description: 'Hosting', account: EXPENSE, quantity: 1, unit_price: 10, vat_rate: 19, vat_category: 'S' }],
});
const billInput = (f: Fixtures): Json => ({ supplierId: f.supplierId, invoiceNumber: 'SUP-1', date: f.today, dueDate: f.tomorrow, items: [{ description: 'Hosting', accountId: EXPENSE, unitPrice: 10, vatRate: 19, vatCategory: 'S' }] });
const supplierInput = (vatNumber: string): Json => ({ name: 'Clean Supplier', vatNumber, country: 'CY', address: '1 Road', iban: 'DE89370400440532013000' });
const entryBody = (f: Fixtures): Json => ({ date: f.today, account: EXPENSE, debit: 1, description: 'Paper', vat_category: 'S', vat_rate: 19 });

/** Every REST route that reads text from its body. */
const REST: Record<string, RestCase> = {
  'POST /api/login/': { caller: 'anon', path: () => '/api/login/', body: () => ({ username: 'admin', password: 'admin-password-1', otp: '123456' }) },
  'POST /api/change-password/': { caller: 'admin', path: () => '/api/change-password/', body: () => ({ old_password: 'admin-password-1', new_password: 'another-password-2' }) },
  'POST /api/two-factor/setup/': { caller: 'admin', path: () => '/api/two-factor/setup/', body: () => ({ password: 'admin-password-1' }) },
  'POST /api/two-factor/enable/': { caller: 'admin', path: () => '/api/two-factor/enable/', body: () => ({ otp: '123456' }) },
  'POST /api/two-factor/recovery-codes/': { caller: 'admin', path: () => '/api/two-factor/recovery-codes/', body: () => ({ otp: '123456' }) },
  'POST /api/two-factor/disable/': { caller: 'admin', path: () => '/api/two-factor/disable/', body: () => ({ otp: '123456', password: 'admin-password-1' }) },
  'POST /api/contact/': { caller: 'anon', path: () => '/api/contact/', body: () => ({ name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Hi' }), multi: ['message'], accepts: true },
  'POST /api/demo-request/': {
    caller: 'anon',
    path: () => '/api/demo-request/',
    body: (f) => ({ name: 'Ann', email: 'ann@example.com', company: 'Acme', date: f.tomorrow, time: '10:00', message: 'Hi' }),
    format: ['date', 'time'],
    multi: ['message'],
    accepts: true,
  },
  'POST /contact': { caller: 'anon', form: true, path: () => '/contact', body: () => ({ name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Hi' }), multi: ['message'], accepts: true },
  'POST /demo-request': {
    caller: 'anon',
    form: true,
    path: () => '/demo-request',
    body: (f) => ({ name: 'Ann', email: 'ann@example.com', company: 'Acme', date: f.tomorrow, time: '10:00', message: 'Hi' }),
    format: ['date', 'time'],
    multi: ['message'],
    accepts: true,
  },
  'POST /api/invoices/:id/create-checkout-session/': { caller: 'anon', path: (f) => `/api/invoices/${f.issuedId}/create-checkout-session/`, body: () => ({ return_to: '/pay' }) },
  'POST /api/payments/reconcile/': { caller: 'anon', path: () => '/api/payments/reconcile/', body: () => ({ session_id: 'cs_sim_x' }) },
  'POST /api/journal-entries/': { caller: 'admin', path: () => '/api/journal-entries/', body: entryBody, format: ['date', 'account', 'vat_category'], multi: ['description'], accepts: true },
  'PUT /api/journal-entries/:id/': { caller: 'admin', path: (f) => `/api/journal-entries/${f.entryId}/`, body: entryBody, format: ['date', 'account', 'vat_category'], multi: ['description'], accepts: true },
  'POST /api/webhook-endpoints/': { caller: 'admin', path: () => '/api/webhook-endpoints/', body: () => ({ url: 'https://hooks.example.com/in', events: ['invoice.paid'], description: 'Clean' }), format: ['url', 'events.0'], accepts: true },
  'PUT /api/webhook-endpoints/:id/': { caller: 'admin', path: (f) => `/api/webhook-endpoints/${f.webhookEndpointId}/`, body: () => ({ description: 'Clean' }), accepts: true },
  'POST /api/tokens/': { caller: 'admin', path: () => '/api/tokens/', body: () => ({ name: `Clean ${Math.random()}`, scope: 'read', areas: ['billing'] }), format: ['scope', 'areas.0'], accepts: true },
  'PUT /api/mydata/settings/': { caller: 'admin', path: () => '/api/mydata/settings/', body: () => ({ classifications: [{ invoice_type: '2.1', type: 'E3_561_001', category: 'category1_3' }] }), format: [], accepts: true },
  'PUT /api/accounting/lock/': { caller: 'admin', path: () => '/api/accounting/lock/', body: () => ({ locked_through: '2001-01-31' }), format: ['locked_through'] },
  'POST /api/accounting/year-end-reopen/': { caller: 'admin', path: () => '/api/accounting/year-end-reopen/', body: () => ({ fiscal_year: 2020, reason: 'Audit' }), multi: ['reason'] },
  'POST /api/clients/': { caller: 'admin', path: () => '/api/clients/', body: clientBody, format: ['language', 'country'], multi: ['address'], accepts: true },
  'PUT /api/clients/:id/': { caller: 'admin', path: (f) => `/api/clients/${f.clientId}/`, body: clientBody, format: ['language', 'country'], multi: ['address'], accepts: true },
  'POST /api/clients/:id/create_user/': { caller: 'admin', path: (f) => `/api/clients/${f.clientWithoutLogin}/create_user/`, body: () => ({ username: 'clean.text.user' }), format: ['username'] },
  'POST /api/clients/:id/apply_credit/': { caller: 'admin', path: (f) => `/api/clients/${f.clientId}/apply_credit/`, body: (f) => ({ invoice_id: f.issuedId, amount: 1, date: f.today }), format: ['date'] },
  'POST /api/products/': { caller: 'admin', path: () => '/api/products/', body: () => ({ name: 'Clean', price: 1, billing_cycle: 'monthly' }), format: ['billing_cycle'] },
  'PUT /api/products/:id/': { caller: 'admin', path: (f) => `/api/products/${f.productId}/`, body: () => ({ name: 'Clean', price: 1, billing_cycle: 'monthly' }), format: ['billing_cycle'] },
  'POST /api/bank-accounts/': { caller: 'admin', path: () => '/api/bank-accounts/', body: () => ({ name: 'Clean', iban: 'DE89370400440532013000', bic: 'COBADEFF' }) },
  'PUT /api/bank-accounts/:id/': { caller: 'admin', path: (f) => `/api/bank-accounts/${f.moneyAccountId}/`, body: () => ({ name: 'Clean', iban: 'DE89370400440532013000', bic: 'COBADEFF' }) },
  // A line that names nothing: the text rules refuse first, then the line is not found (nothing reconciled).
  'POST /api/bank-accounts/:id/statement-lines/:lineId/reconcile/': {
    caller: 'admin',
    path: (f) => `/api/bank-accounts/${f.moneyAccountId}/statement-lines/00000000-0000-4000-8000-000000000000/reconcile/`,
    body: () => ({ parts: [{ kind: 'account', account: '6100', amount: -1, vat_rate: 0, description: 'Clean' }] }),
    format: ['parts.0.kind', 'parts.0.account'],
    multi: ['parts.0.description'],
  },
  'PUT /api/bank-accounts/:id/csv-mapping/': {
    caller: 'admin',
    path: (f) => `/api/bank-accounts/${f.moneyAccountId}/csv-mapping/`,
    body: () => ({ csv_mapping: { delimiter: ';', header_rows: 1, date_format: 'DD.MM.YYYY', decimal: ',', currency: 'EUR', columns: { booking_date: 'Date', value_date: 'Value', amount: 'Amount', description: 'Text', counterparty_name: 'Payer', counterparty_iban: 'IBAN', reference: 'Ref', bank_reference: 'Bank ref' } } }),
    format: ['csv_mapping.delimiter', 'csv_mapping.date_format', 'csv_mapping.decimal'],
    accepts: true,
  },
  'POST /api/accounting/revaluation/': { caller: 'admin', path: () => '/api/accounting/revaluation/', body: () => ({ date: '2001-01-31' }), format: ['date'] },
  'POST /api/exchange-rates/': { caller: 'admin', path: () => '/api/exchange-rates/', body: () => ({ date: '2026-01-02', currency: 'USD', rate: '1.1' }), format: ['date', 'currency', 'rate'] },
  'POST /api/bank-rules/': { caller: 'admin', path: () => '/api/bank-rules/', body: ruleBody, format: ['account', 'direction', 'counterparty_iban'], accepts: true },
  'PUT /api/bank-rules/:id/': { caller: 'admin', path: (f) => `/api/bank-rules/${f.bankRuleId}/`, body: ruleBody, format: ['account', 'direction', 'counterparty_iban'], accepts: true },
  'POST /api/subscriptions/': { caller: 'admin', path: () => '/api/subscriptions/', body: (f) => ({ client: f.clientId, product: f.productId, start_date: f.today, status: 'active' }), format: ['client', 'product', 'start_date', 'status'] },
  'PUT /api/subscriptions/:id/': { caller: 'admin', path: (f) => `/api/subscriptions/${f.subscriptionId}/`, body: (f) => ({ client: f.clientId, product: f.productId, start_date: f.today, status: 'active' }), format: ['client', 'product', 'start_date', 'status'] },
  'POST /api/invoices/': { caller: 'admin', path: () => '/api/invoices/', body: invoiceBody, format: ['client', 'date', 'due_date', 'items.0.vat_category'] },
  'PUT /api/invoices/:id/': { caller: 'admin', path: (f) => `/api/invoices/${f.draftId}/`, body: invoiceBody, format: ['client', 'date', 'due_date', 'items.0.vat_category'] },
  'POST /api/invoices/:id/credit-notes/': {
    caller: 'admin',
    path: (f) => `/api/invoices/${f.issuedId}/credit-notes/`,
    body: (f) => ({ reason: 'Discount', date: f.today, items: [{ description: 'Licence', quantity: 1, unit_price: 1, vat_rate: 0, vat_category: 'E', vat_exemption_reason: 'Exempt' }] }),
    format: ['date', 'items.0.vat_category'],
  },
  // On the draft: refused by the domain after the text rules, so nothing is written off here.
  'POST /api/invoices/:id/write-off/': { caller: 'admin', path: (f) => `/api/invoices/${f.draftId}/write-off/`, body: (f) => ({ date: f.today, reason: 'Insolvent' }), format: ['date'], multi: ['reason'] },
  'POST /api/invoices/:id/payments/': { caller: 'admin', path: (f) => `/api/invoices/${f.issuedId}/payments/`, body: (f) => ({ amount: 1, date: f.today, method: 'cash', reference: 'R1' }), format: ['date', 'method'] },
  // A line break in the address is accepted: each accepted one writes a supplier, so each route's VAT number is its own.
  'POST /api/suppliers/': { caller: 'admin', path: () => '/api/suppliers/', body: supplierBody('CY10000001E'), format: ['country'], multi: ['address'], accepts: true },
  'PUT /api/suppliers/:id/': { caller: 'admin', path: (f) => `/api/suppliers/${f.supplierId}/`, body: supplierBody('CY10000002F'), format: ['country'], multi: ['address'], accepts: true },
  'POST /api/bills/': { caller: 'admin', path: () => '/api/bills/', body: billBody, format: ['supplier', 'date', 'due_date', 'items.0.account'] },
  'PUT /api/bills/:id/': { caller: 'admin', path: (f) => `/api/bills/${f.billId}/`, body: billBody, format: ['supplier', 'date', 'due_date', 'items.0.account'] },
  'POST /api/bills/:id/payments/': { caller: 'admin', path: (f) => `/api/bills/${f.billId}/payments/`, body: (f) => ({ amount: 1, date: f.today, money_account: f.moneyAccountId, reference: 'SEPA 1' }), format: ['date', 'money_account'] },
  'POST /api/bills/payments/': { caller: 'admin', path: () => '/api/bills/payments/', body: (f) => ({ date: f.today, money_account: f.moneyAccountId, reference: 'SEPA batch', payments: [{ bill: f.billId, amount: 1 }] }), format: ['date', 'money_account', 'payments.0.bill'] },
  'POST /api/payments/:id/refund/': { caller: 'admin', path: (f) => `/api/payments/${f.paymentId}/refund/`, body: (f) => ({ amount: 0.01, reason: 'Goodwill', date: f.today }), format: ['date'], multi: ['reason'], accepts: true },
};

/** Write routes that read no text: ids in the path, numbers, or a body signed by Stripe. */
const NO_TEXT = new Set([
  'POST /api/logout/',
  // The login page posted without scripts: it reads nothing and sends the browser back to the page.
  'POST /login',
  'POST /api/stripe/webhook/',
  'POST /simulated-checkout/:id/pay',
  'POST /simulated-checkout/:id/cancel',
  'DELETE /api/journal-entries/:id/',
  'PUT /api/accounting/fiscal-year/',
  'POST /api/accounting/year-end-close/',
  'DELETE /api/clients/:id/',
  'POST /api/clients/:id/reset_password/',
  // An id in the path and no body.
  'POST /api/clients/:id/vies-check/',
  'POST /api/mydata/documents/:id/send-again/',
  'DELETE /api/products/:id/',
  'DELETE /api/tokens/:id/',
  'DELETE /api/webhook-endpoints/:id/',
  // Ids in the path and no body.
  'POST /api/webhook-endpoints/:id/deliveries/:delivery/replay/',
  'DELETE /api/bank-accounts/:id/',
  // Money account ids or null, nothing else.
  'PUT /api/money-account-defaults/',
  'DELETE /api/bank-rules/:id/',
  // A statement file, not form text: its readers refuse control characters (domain/bank/statement-file.ts).
  'POST /api/bank-accounts/:id/statements/',
  'POST /api/bank-accounts/:id/statement-lines/:lineId/unreconcile/',
  // A rate file, not form text: its reader refuses what is not a date, a currency code or a rate.
  'POST /api/exchange-rates/import/',
  'DELETE /api/exchange-rates/:currency/:date/',
  'DELETE /api/subscriptions/:id/',
  'POST /api/subscriptions/:id/create-invoice/',
  'DELETE /api/invoices/:id/',
  'POST /api/invoices/:id/send/',
  'POST /api/invoices/:id/mark_as_paid/',
  'POST /api/billing/generate-invoices/',
  'DELETE /api/suppliers/:id/',
  'DELETE /api/bills/:id/',
  'POST /api/bills/:id/post/',
  // An e-invoice or a document's bytes, not form text: the e-invoice's reader refuses what is not XML (domain/einvoice/inbound.ts).
  'POST /api/bills/import/',
  'POST /api/bills/:id/documents/',
  'DELETE /api/bills/:id/documents/:documentId/',
]);

interface GraphqlCase extends Case {
  /** Every argument the operation needs, valid; String arguments and input fields are filled in by the test. */
  vars: (f: Fixtures) => Json;
}

const clientInput: Json = { name: 'Clean Text Ltd', email: 'clean@example.com', phone: '+357 1', address: '1 Road', vatNumber: 'CY10259033P', language: 'en', country: 'CY' };
const invoiceInput = (f: Fixtures): Json => ({
  clientId: f.clientId,
  invoiceNumber: `CT-${Math.random().toString(36).slice(2, 8)}`,
  date: f.today,
  dueDate: f.tomorrow,
  items: [{ description: 'Licence', quantity: 1, unitPrice: 10, vatRate: 0, vatCategory: 'E', vatExemptionReason: 'Exempt' }],
});
const journalInput = (f: Fixtures): Json => ({
  date: f.today,
  description: 'Paper',
  lines: [
    { accountId: EXPENSE, debit: 1, vatCategory: null },
    { accountId: SYSTEM_ACCOUNT_IDS.bank, credit: 1 },
  ],
});
const singleLineInput = (f: Fixtures): Json => ({ date: f.today, accountId: EXPENSE, debit: 1, description: 'Paper' });
const REPORT_DAYS = ['from', 'to', 'asOf'];

/** Every GraphQL operation with a String argument or input field. */
const GRAPHQL: Record<string, GraphqlCase> = {
  incomeStatement: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  balanceSheet: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  agedReceivables: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  agedPayables: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  cashFlow: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  vatReturn: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  ecSalesList: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  trialBalance: { caller: 'admin', vars: () => ({}), format: REPORT_DAYS },
  accountLedger: { caller: 'admin', vars: () => ({ accountId: EXPENSE }), format: REPORT_DAYS },
  journalEntries: { caller: 'admin', vars: () => ({}), format: ['source', 'from', 'to'] },
  clients: { caller: 'admin', vars: () => ({ search: 'Acme' }) },
  createAccount: { caller: 'admin', vars: () => ({ input: { accountName: 'Clean', type: 'expense', cashFlowClass: 'operating', code: '5999' } }), format: ['input.type', 'input.cashFlowClass', 'input.code'] },
  renameAccount: { caller: 'admin', vars: () => ({ id: EXPENSE, accountName: 'Office' }) },
  recordSingleLineJournalEntry: { caller: 'admin', vars: (f) => ({ input: singleLineInput(f) }), format: ['input.date'], multi: ['input.description'], accepts: true },
  correctSingleLineJournalEntry: { caller: 'admin', vars: (f) => ({ id: f.entryId, input: singleLineInput(f) }), format: ['input.date'], multi: ['input.description'], accepts: true },
  recordJournalEntry: { caller: 'admin', vars: (f) => ({ input: journalInput(f) }), format: ['input.date', 'input.lines.0.vatCategory'], multi: ['input.description'], accepts: true },
  correctJournalEntry: { caller: 'admin', vars: (f) => ({ id: f.entryId, input: journalInput(f) }), format: ['input.date', 'input.lines.0.vatCategory'], multi: ['input.description'], accepts: true },
  createWebhookEndpoint: { caller: 'admin', vars: () => ({ input: { url: 'https://hooks.example.com/in', events: ['INVOICE_PAID'], description: 'Clean' } }), format: ['input.url'], accepts: true },
  updateWebhookEndpoint: { caller: 'admin', vars: (f) => ({ id: f.webhookEndpointId, input: { description: 'Clean' } }), accepts: true },
  createApiToken: { caller: 'admin', vars: () => ({ input: { name: `Clean ${Math.random()}`, scope: 'read', areas: ['billing'] } }), format: [], accepts: true },
  setMyDataClassifications: {
    caller: 'admin',
    vars: (f) => ({ input: { classifications: [{ invoiceType: '2.1', type: 'E3_561_001', category: 'category1_3' }], products: [{ productId: f.productId, invoiceType: '2.1', type: 'E3_561_002', category: 'category1_3' }] } }),
    format: [],
    accepts: true,
  },
  setBooksLock: { caller: 'admin', vars: () => ({ lockedThrough: '2001-01-31' }), format: ['lockedThrough'] },
  reopenFiscalYear: { caller: 'admin', vars: () => ({ fiscalYear: 2020, reason: 'Audit' }), multi: ['reason'] },
  login: { caller: 'anon', vars: () => ({ username: 'admin', password: 'admin-password-1', otp: '123456' }) },
  changePassword: { caller: 'admin', vars: () => ({ input: { oldPassword: 'admin-password-1', newPassword: 'another-password-2' } }) },
  beginTwoFactorSetup: { caller: 'admin', vars: () => ({ password: 'admin-password-1' }) },
  enableTwoFactor: { caller: 'admin', vars: () => ({ otp: '123456' }) },
  renewRecoveryCodes: { caller: 'admin', vars: () => ({ otp: '123456' }) },
  disableTwoFactor: { caller: 'admin', vars: () => ({ input: { otp: '123456', password: 'admin-password-1' } }) },
  createClient: { caller: 'admin', vars: () => ({ input: clientInput }), format: ['input.language', 'input.country'], multi: ['input.address'], accepts: true },
  updateClient: { caller: 'admin', vars: (f) => ({ id: f.clientId, input: clientInput }), format: ['input.language', 'input.country'], multi: ['input.address'], accepts: true },
  applyClientCredit: { caller: 'admin', vars: (f) => ({ id: f.clientId, input: { invoiceId: f.issuedId, amount: 1, date: f.today, idempotencyKey: 'k1' } }), format: ['input.date'] },
  createClientUser: { caller: 'admin', vars: (f) => ({ id: f.clientWithoutLogin, username: 'clean.text.user' }), format: ['username'] },
  updateCompanySettings: {
    caller: 'admin',
    vars: () => ({
      input: { name: 'Sample GRC Ltd', address: '1 Road', phone: '+357 1', email: 'info@example.com', registrationNumber: 'HE1', vatNumber: 'CY10000000D', jurisdiction: 'Cyprus', country: 'CY', iban: '', bic: '' },
    }),
    format: ['input.country', 'input.iban', 'input.bic'],
    multi: ['input.address'],
    accepts: true,
  },
  issueCreditNote: {
    caller: 'admin',
    vars: (f) => ({ invoiceId: f.issuedId, input: { reason: 'Discount', date: f.today, items: [{ description: 'Licence', quantity: 1, unitPrice: 1, vatRate: 0, vatCategory: 'E', vatExemptionReason: 'Exempt' }] } }),
    format: ['input.date', 'input.items.0.vatCategory'],
  },
  createInvoice: { caller: 'admin', vars: (f) => ({ input: invoiceInput(f) }), format: ['input.date', 'input.dueDate', 'input.items.0.vatCategory'] },
  updateInvoice: { caller: 'admin', vars: (f) => ({ id: f.draftId, input: invoiceInput(f) }), format: ['input.date', 'input.dueDate', 'input.items.0.vatCategory'] },
  writeOffInvoice: { caller: 'admin', vars: (f) => ({ id: f.draftId, input: { date: f.today, reason: 'Insolvent' } }), format: ['input.date'], multi: ['input.reason'] },
  recordInvoicePayment: { caller: 'admin', vars: (f) => ({ invoiceId: f.issuedId, input: { amount: 1, date: f.today, method: 'cash', reference: 'R1' } }), format: ['input.date', 'input.method'] },
  createProduct: { caller: 'admin', vars: () => ({ input: { name: 'Clean', price: 1 } }) },
  updateProduct: { caller: 'admin', vars: (f) => ({ id: f.productId, input: { name: 'Clean', price: 1 } }) },
  createMoneyAccount: { caller: 'admin', vars: () => ({ input: { name: 'Clean', iban: 'DE89370400440532013000', bic: 'COBADEFF' } }) },
  updateMoneyAccount: { caller: 'admin', vars: (f) => ({ id: f.moneyAccountId, input: { name: 'Clean', iban: 'DE89370400440532013000', bic: 'COBADEFF' } }) },
  createSubscription: { caller: 'admin', vars: (f) => ({ input: { clientId: f.clientId, productId: f.productId, startDate: f.today } }), format: ['input.startDate'] },
  updateSubscription: { caller: 'admin', vars: (f) => ({ id: f.subscriptionId, input: { clientId: f.clientId, productId: f.productId, startDate: f.today } }), format: ['input.startDate'] },
  rebuildProjection: { caller: 'admin', vars: () => ({ name: 'ledger' }) },
  createSupplier: { caller: 'admin', vars: () => ({ input: supplierInput('CY10000003G') }), format: ['input.country'], multi: ['input.address'], accepts: true },
  updateSupplier: { caller: 'admin', vars: (f) => ({ id: f.supplierId, input: supplierInput('CY10000002F') }), format: ['input.country'], multi: ['input.address'], accepts: true },
  createBill: { caller: 'admin', vars: (f) => ({ input: billInput(f) }), format: ['input.date', 'input.dueDate', 'input.items.0.vatCategory'] },
  updateBill: { caller: 'admin', vars: (f) => ({ id: f.billId, input: billInput(f) }), format: ['input.date', 'input.dueDate', 'input.items.0.vatCategory'] },
  recordBillPayment: { caller: 'admin', vars: (f) => ({ id: f.billId, input: { amount: 1, date: f.today, moneyAccountId: f.moneyAccountId, reference: 'SEPA 1' } }), format: ['input.date'] },
  createCheckoutSession: { caller: 'admin', vars: (f) => ({ invoiceId: f.issuedId, returnTo: '/pay' }) },
  refundPayment: { caller: 'admin', vars: (f) => ({ paymentId: f.paymentId, input: { amount: 0.01, reason: 'Goodwill', date: f.today, idempotencyKey: 'k1' } }), format: ['input.date'], multi: ['input.reason'], accepts: true },
};

/** The string fields of a body, as dotted paths (`items.0.description`). */
const stringPaths = (value: unknown, prefix = ''): string[] => {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, prefix ? `${prefix}.${i}` : String(i)));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, prefix ? `${prefix}.${k}` : k));
  return [];
};

/** A copy of `base` with `value` at the dotted path, creating the objects and lists on the way. */
const withValue = (base: Json, path: string, value: string): Json => {
  const copy = structuredClone(base);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, i) => {
    if (at[key] === undefined || at[key] === null) at[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
    at = at[key] as Record<string, unknown>;
  });
  at[keys.at(-1)!] = value;
  return copy;
};

/** The String arguments and input fields of an operation, as dotted paths from the argument (`input.items.0.description`). */
const stringLeaves = (op: Operation): string[] => {
  const out: string[] = [];
  const walk = (type: GraphQLInputType, path: string, depth: number) => {
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return walk(inner.ofType, `${path}.0`, depth);
    const named = getNamedType(inner);
    if (isInputObjectType(named)) {
      if (depth < 4) for (const f of Object.values(named.getFields())) walk(f.type, `${path}.${f.name}`, depth + 1);
    } else if (named.name === 'String') out.push(path);
  };
  for (const arg of op.field.args) walk(arg.type, arg.name, 0);
  return out;
};

/** A document passing every variable given, each declared with its argument's type. */
const documentFor = (op: Operation, variables: Json): string => {
  const args = op.field.args.filter((a) => a.name in variables);
  const decl = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const pass = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isObjectType(getNamedType(op.field.type)) ? ' { __typename }' : '';
  return `${op.kind} Clean${decl ? `(${decl})` : ''} { ${op.name}${pass ? `(${pass})` : ''}${selection} }`;
};

describe.each(testBackends())('clean text on every field on $name', (backend) => {
  let server: TestServer;
  let callers: Record<Caller, TestClient>;
  let f: Fixtures;
  const tally = { rest: 0, graphql: 0, refused: 0, accepted: 0 };

  beforeAll(async () => {
    // The no-script form posts answer with a rendered page: a miniature build shows what it was given.
    server = await withWebDist(miniatureWebBuild(), () => startTestServer(backend, { limits: LIMITS }));
    const admin = server.client();
    await admin.login();
    callers = { admin, anon: server.client() };
    const deps = server.runtime.deps;
    const today = dayOf(deps.clock());
    const ok = async (res: { status: number; body: Json; text: string }, what: string) => {
      if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
      return res.body;
    };
    const client = await createClientWithLogin(deps, 'Clean Text Owner');
    const bare = await ok(await admin.post('/api/clients/', { name: 'Clean Text Bare', email: 'bare@example.com' }), 'client');
    const product = await ok(await admin.post('/api/products/', { name: 'Clean', price: 10, billing_cycle: 'monthly' }), 'product');
    const subscription = await ok(await admin.post('/api/subscriptions/', { client: client.id, product: product.id, start_date: today }), 'subscription');
    const draft = await ok(await admin.post('/api/invoices/', { client: client.id, date: today, due_date: addDays(today, 14), items: [{ description: 'Draft', unit_price: 5 }] }), 'draft');
    const issued = await createInvoice(deps, client.id, 500, today, addDays(today, 14));
    await ok(await admin.post(`/api/invoices/${issued.id}/send/`), 'send');
    await ok(await admin.post(`/api/invoices/${issued.id}/payments/`, { amount: 100, date: today, method: 'bank_transfer', reference: 'base' }), 'payment');
    const payments = (await ok(await admin.get(`/api/invoices/${issued.id}/payments/`), 'payments')) as unknown as { id: string }[];
    const entry = await ok(await admin.post('/api/journal-entries/', { date: today, account: EXPENSE, debit: 1, description: 'Base' }), 'entry');
    const rule = await ok(await admin.post('/api/bank-rules/', ruleBody()), 'bank rule');
    const supplier = await ok(await admin.post('/api/suppliers/', supplierBody('CY10000002F')()), 'supplier');
    const bill = await ok(await admin.post('/api/bills/', { supplier: supplier.id, invoice_number: 'BASE-1', date: today, items: [{ description: 'Base', account: EXPENSE, unit_price: 5 }] }), 'bill');
    const endpoint = await ok(await admin.post('/api/webhook-endpoints/', { url: 'https://hooks.example.com/base', events: ['invoice.paid'] }), 'webhook endpoint');
    f = {
      webhookEndpointId: endpoint.id as string,
      today,
      tomorrow: addDays(today, 1),
      clientId: client.id,
      clientWithoutLogin: bare.id as string,
      productId: product.id as string,
      moneyAccountId: ((await ok(await admin.get('/api/bank-accounts/'), 'bank accounts')) as unknown as { id: string }[])[0]!.id,
      subscriptionId: subscription.id as string,
      draftId: draft.id as string,
      issuedId: issued.id,
      paymentId: payments[0]!.id,
      entryId: entry.id as string,
      bankRuleId: rule.id as string,
      supplierId: supplier.id as string,
      billId: bill.id as string,
    };
  });
  afterAll(async () => {
    console.log(`clean text (${backend.name}): REST requests ${tally.rest}, GraphQL requests ${tally.graphql}, refused ${tally.refused}, accepted ${tally.accepted}`);
    await server?.close();
  });

  it('has a case for every REST route that writes, and every case names a route', () => {
    const writes = enumerateRoutes(server.runtime.app)
      .filter((r) => r.method !== 'get')
      .map(routeKey);
    expect(writes.filter((key) => !REST[key] && !NO_TEXT.has(key)), 'write routes without a clean-text case').toEqual([]);
    expect(Object.keys(REST).filter((key) => !writes.includes(key)), 'cases of routes that do not exist').toEqual([]);
  });

  it('refuses a NUL in every REST text field, and a line break in every one-line field, with a 400 naming the field, writing nothing', async () => {
    let before = await settledFingerprint(server);
    for (const [key, c] of Object.entries(REST)) {
      const base = c.body(f);
      const method = key.split(' ')[0]!.toLowerCase() as 'post' | 'put';
      const send = async (body: Json) => {
        const caller = callers[c.caller];
        let req = caller.agent[method](c.path(f));
        const token = caller.csrfToken();
        if (token) req = req.set('X-CSRFToken', token);
        tally.rest++;
        return c.form ? req.type('form').send(body as Record<string, string>) : req.send(body);
      };
      for (const field of stringPaths(base)) {
        const format = c.format?.includes(field);
        const multi = c.multi?.includes(field);
        for (const [value, expected] of [[NUL, CONTROL], [BREAK, ONE_LINE]] as const) {
          const what = `${key} ${field}=${JSON.stringify(value)}`;
          const res = await send(withValue(base, field, value));
          expect(res.status, `${what} -> ${res.text.slice(0, 300)}`).toBeLessThan(500);
          if (value === BREAK && multi) {
            expect(res.body?.errors?.[field] ?? [], `${what} -> ${res.text.slice(0, 300)}`).not.toContain(ONE_LINE);
            if (c.accepts) expect(res.status, `${what} -> ${res.text.slice(0, 300)}`).toBeLessThan(300);
            if (res.status < 300) {
              tally.accepted++;
              before = await settledFingerprint(server);
            } else expect(await fingerprint(server.testDb.db), `${what} was refused but wrote`).toBe(before);
            continue;
          }
          tally.refused++;
          expect(res.status, `${what} -> ${res.text.slice(0, 300)}`).toBe(400);
          if (c.form) {
            // The page answers with the form again, the field's error under it (the browser suite checks the real page).
            const form = miniatureRendered(res.text).data.form;
            expect(form?.errors[field], `${what}: no error under the field`).toBeTruthy();
            if (!format) expect(form?.errors[field], what).toBe(expected);
          } else {
            const errors: string[] = res.body?.errors?.[field] ?? [];
            expect(errors.length, `${what} -> ${res.text.slice(0, 300)}`).toBeGreaterThan(0);
            if (!format) expect(errors, `${what} -> ${res.text.slice(0, 300)}`).toContain(expected);
          }
          expect(await fingerprint(server.testDb.db), `${what} was refused but wrote`).toBe(before);
        }
      }
    }
  }, 600_000);

  it('has a case for every GraphQL operation with a String argument or input field, and every case names one', async () => {
    const ops = enumerateOperations(await getSchema());
    const withText = ops.filter((op) => stringLeaves(op).length > 0).map((op) => op.name);
    expect(withText.filter((name) => !GRAPHQL[name]), 'operations without a clean-text case').toEqual([]);
    expect(Object.keys(GRAPHQL).filter((name) => !withText.includes(name)), 'cases of operations without text').toEqual([]);
  });

  it('refuses a NUL in every GraphQL String argument and input field, and a line break in every one-line one, with BAD_USER_INPUT naming the field, writing nothing', async () => {
    const ops = enumerateOperations(await getSchema());
    let before = await settledFingerprint(server);
    for (const op of ops) {
      const c = GRAPHQL[op.name];
      if (!c) continue;
      const base = c.vars(f);
      for (const leaf of stringLeaves(op)) {
        const format = c.format?.includes(leaf);
        const multi = c.multi?.includes(leaf);
        const [arg, ...rest] = leaf.split('.');
        // class-validator names an input's fields from inside the input; a scalar argument by its name.
        const field = rest.length ? rest.join('.') : arg!;
        for (const [value, expected] of [[NUL, CONTROL], [BREAK, ONE_LINE]] as const) {
          const variables = withValue(base, leaf, value);
          const what = `${op.name} ${leaf}=${JSON.stringify(value)}`;
          const caller = callers[c.caller];
          const res = await caller.agent
            .post('/graphql')
            .set('X-CSRFToken', caller.csrfToken() ?? '')
            .send({ query: documentFor(op, variables), variables });
          tally.graphql++;
          expect(res.status, `${what} -> ${res.text.slice(0, 300)}`).toBeLessThan(500);
          const errors: { message: string; extensions?: { code?: string; fieldErrors?: Record<string, string[]> } }[] = res.body?.errors ?? [];
          const fieldErrors = errors[0]?.extensions?.fieldErrors?.[field] ?? [];
          if (value === BREAK && multi) {
            expect(fieldErrors, `${what} -> ${res.text.slice(0, 300)}`).not.toContain(ONE_LINE);
            if (c.accepts) expect(errors, `${what} -> ${res.text.slice(0, 300)}`).toEqual([]);
            if (!errors.length) {
              tally.accepted++;
              before = await settledFingerprint(server);
            } else expect(await fingerprint(server.testDb.db), `${what} was refused but wrote`).toBe(before);
            continue;
          }
          tally.refused++;
          expect(errors[0]?.extensions?.code, `${what} -> ${res.text.slice(0, 300)}`).toBe('BAD_USER_INPUT');
          expect(res.body?.data?.[op.name] ?? null, what).toBeNull();
          if (!format) expect(fieldErrors, `${what} -> ${res.text.slice(0, 300)}`).toContain(expected);
          expect(await fingerprint(server.testDb.db), `${what} was refused but wrote`).toBe(before);
        }
      }
    }
  }, 600_000);
});
