import type { BillingCycle } from '../../../domain/billing/periods';
import type { CsvMapping } from '../../../domain/bank/csv-statement';
import type { Statement } from '../../../domain/bank/statement';

/**
 * The REST answers the web client reads, declared once: the server's routes and queries are typed
 * with these, and the web imports them (`import type`, erased from its bundles), so a change on
 * one side that the other does not follow fails `npm run typecheck`. Types only: nothing here runs.
 */

/** GET /api/check-auth/'s and POST /api/login/'s user. */
export interface UserWire {
  id: string;
  username: string;
  email: string | null;
  is_superuser: boolean;
  client_id: string | null;
  two_factor_enabled: boolean;
  /** REQUIRE_ADMIN_2FA: this superuser must enrol before the admin area answers. */
  two_factor_setup_required: boolean;
  /** Signed in with a generated password: only change-password, check-auth and logout answer until one is chosen. */
  password_change_required: boolean;
}

export interface CheckAuthAnswer {
  isAuthenticated: boolean;
  user: UserWire | null;
}

/**
 * POST /api/login/ (username, password, and `otp` at the second step). A right password of a user
 * enrolled in two-factor sign-in without `otp` answers `{ success: false, otp_required: true }`
 * (200, nobody signed in); the client posts the same body again with `otp`.
 */
export type LoginAnswer = { success: true; is_superuser: boolean; user: UserWire } | { success: false; otp_required: true };

/** GET /api/two-factor/ */
export interface TwoFactorStatusAnswer {
  enabled: boolean;
  setup_required: boolean;
  can_disable: boolean;
  recovery_codes_left: number;
}

/** POST /api/two-factor/setup/ (password) */
export interface TwoFactorSetupAnswer {
  secret: string;
  otpauth_url: string;
  qr_code: string;
}

/** POST /api/two-factor/enable/ (otp) and /api/two-factor/recovery-codes/ (otp) */
export interface RecoveryCodesAnswer {
  recovery_codes: string[];
}

/** GET /api/company-info/ */
export interface CompanyInfo {
  name: string;
  address: string;
  phone: string;
  email: string;
  registration_number: string;
  vat_number: string;
  jurisdiction: string;
}

/** POST /api/contact/ and /api/demo-request/ */
export interface FormAnswer {
  success: boolean;
  id: string;
}

/** One line of the pay link's invoice: what its PDF prints, and nothing of the books behind it. */
export interface PublicInvoiceLine {
  description: string;
  quantity: number;
  unit_price: number;
  vat_rate: number;
  /** Net line amount (quantity × unit price), euros. */
  total: number;
}

/**
 * GET /api/public/invoices/{id}/: only what the spec lets the pay link show, the portal's invoice and
 * its client's name; the lines and the net and VAT totals are an addition (the payer sees what is
 * due for, as the invoice's PDF on the same link already shows). What was paid is the client's to
 * see in the portal, not anyone's who holds the link.
 */
export interface PublicInvoiceWire extends Omit<PortalInvoice, 'paid_amount'> {
  client: { name: string };
  items: PublicInvoiceLine[];
  net_amount: number;
  vat_amount: number;
}

/** POST /api/invoices/{id}/create-checkout-session/ */
export interface CheckoutAnswer {
  sessionId: string;
  url: string;
}

/** POST /api/payments/reconcile/ */
export interface ReconcileAnswer {
  invoice_id: string | null;
  paid: boolean;
}

/** GET /api/portal/my-account/ (a list; the spec uses its first item). */
export interface PortalSubscription {
  id: string;
  /** `price`: the product's net price in euros (an addition to the spec's shape). */
  product: { name: string; billing_cycle: BillingCycle; price: number };
  status: string;
  start_date: string;
  next_billing_date: string | null;
  invoiced_until: string | null;
}

/** What a client sees of one of its invoices (the portal's list; the pay link adds the client's name). */
export interface PortalInvoice {
  id: string;
  invoice_number: string;
  date: string;
  due_date: string;
  total_amount: number;
  /** What is still owed (euros): the Pay Now amount. */
  open_amount: number;
  /** What the client has paid on it so far (euros); above 0 on an unpaid invoice, it is partly paid. */
  paid_amount: number;
  paid: boolean;
  /** Fully credited: nothing to pay (the pay page says it is no longer payable). */
  cancelled: boolean;
  /** The ISO 11649 creditor reference to quote in a bank transfer (RF…, no spaces); null for a draft. */
  payment_reference: string | null;
  /** ISO 4217: the currency of its amounts (EUR unless the client is invoiced in another). */
  currency: string;
  /** Pay Now can charge it by card: in euros always; in another currency where Stripe is configured. */
  card_payment: boolean;
}

export interface PortalAccount {
  name: string;
  email: string;
  phone: string;
  address: string;
  subscriptions: PortalSubscription[];
  invoices: PortalInvoice[];
  /** Paid or credited beyond its invoices: the client's credit balance, in `currency`. */
  credit_balance: number;
  /** ISO 4217: the client's currency, which its invoices and credit balance are in. */
  currency: string;
}

/**
 * The query of GET /api/clients/{id}/statement/ and GET /api/portal/my-account/statement/ (a PDF):
 * the period (YYYY-MM-DD; by default the year to date) and the language to print it in.
 */
export interface StatementQuery {
  from?: string;
  to?: string;
  lang?: 'en' | 'el' | 'ru';
}

// The bank (api/bank): statements, their lines and their reconciliation. Amounts in euros, signed as the bank sees the account (money in positive).

export interface StatementWarning {
  code: 'OPENING_GAP' | 'NOTHING_NEW';
  message: string;
}

/** The REST shape of an imported statement: balances in euros. */
export interface StatementWire {
  id: string;
  money_account: string;
  format: Statement['format'];
  statement_id: string | null;
  iban: string | null;
  currency: string;
  opening_balance: { date: string; amount: number } | null;
  closing_balance: { date: string; amount: number } | null;
  first_booking_date: string | null;
  last_booking_date: string | null;
  lines_in_file: number;
  lines_added: number;
  /** Opening minus the previous statement's closing, when they differ. */
  opening_gap: number | null;
  file_name: string;
  imported_at: string;
}

/** The answer to an import: the statement written (null when every line was held already) and what to tell the admin. */
export interface StatementImportWire {
  statement: StatementWire | null;
  lines_in_file: number;
  lines_added: number;
  lines_already_imported: number;
  /** New lines reconciled on import: money in naming exactly one open invoice by its RF reference. */
  auto_reconciled: number;
  warnings: StatementWarning[];
}

export interface StatementLineWire {
  id: string;
  statement: string;
  booking_date: string;
  value_date: string;
  amount: number;
  description: string;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  reference: string | null;
  bank_reference: string | null;
  status: 'open' | 'reconciled';
  /** What the line was, once reconciled: its parts (amounts in euros) and when. */
  reconciliation: { id: string; parts: Array<Record<string, unknown>>; reconciled_at: string } | null;
}

/** A line or movement the report lists as not reconciled yet. */
export interface ReportItemWire {
  id: string;
  date: string;
  description: string;
  amount: number;
}

/** `GET …/reconciliation-report/`: the proof that the books equal the bank on a statement's closing day (euros). */
export interface ReconciliationReportWire {
  money_account: string;
  statement: string;
  date: string;
  statement_balance: number;
  ledger_balance: number;
  unreconciled_lines: ReportItemWire[];
  unreconciled_lines_total: number;
  unreconciled_movements: ReportItemWire[];
  unreconciled_movements_total: number;
  explained_balance: number;
  difference: number;
  proven: boolean;
  complete: boolean;
}

/** One suggestion for a line: its parts as `…/reconcile/` takes them, each with a label to show. */
export interface SuggestionWire {
  score: number;
  reasons: string[];
  parts: Array<Record<string, unknown> & { kind: string; amount: number; label: string }>;
}

/** A money movement already in the books, as `GET …/movements/` answers it. */
export interface MovementWire {
  /** The ledger entry's id: what a `movement` part names. */
  id: string;
  date: string;
  description: string;
  source: string;
  amount: number;
}

/** An invoice a statement line may pay, as `GET /api/bank-accounts/{id}/open-invoices/` answers it (euros). */
export interface OpenInvoiceWire {
  id: string;
  invoice_number: string;
  client: { id: string; name: string };
  due_date: string;
  /** What is left to pay after payments and credit notes. */
  open_amount: number;
}

/** A supplier's posted bill a statement line may pay, as `GET /api/bank-accounts/{id}/open-bills/` answers it (euros). */
export interface OpenBillWire {
  id: string;
  /** The supplier's own number of the invoice. */
  invoice_number: string;
  supplier: { id: string; name: string };
  due_date: string;
  /** What is left to pay after its payments. */
  open_amount: number;
}

/** A bank rule as `/api/bank-rules/` answers it: amounts in euros, the VAT rate in percent. */
export interface RuleWire {
  id: string;
  position: number;
  name: string;
  text_contains: string | null;
  text_words: string[];
  text_starts_with: string | null;
  min_amount: number | null;
  max_amount: number | null;
  direction: 'in' | 'out' | null;
  counterparty_iban: string | null;
  account: string;
  vat_rate: number;
  description: string | null;
  version: number;
  updated_at: string;
}

/** The body of `POST`/`PUT /api/bank-rules/`: amounts in euros and the VAT rate in percent, as numbers or text; `version` on PUT. */
export interface RuleBody {
  name: string;
  text_contains?: string | null;
  text_words?: string[];
  text_starts_with?: string | null;
  min_amount?: string | number | null;
  max_amount?: string | number | null;
  direction?: 'in' | 'out';
  counterparty_iban?: string | null;
  account: string;
  vat_rate?: string | number | null;
  description?: string | null;
  version?: number;
}

/** The body of `PUT /api/bank-accounts/{id}/csv-mapping/`: columns by header text or 1-based number; null removes the mapping. */
export interface CsvMappingBody {
  csv_mapping: {
    delimiter?: ',' | ';' | '\t';
    header_rows: number;
    date_format: CsvMapping['dateFormat'];
    decimal: '.' | ',';
    currency?: string | null;
    columns: {
      booking_date: string;
      value_date?: string | null;
      amount?: string | null;
      debit?: string | null;
      credit?: string | null;
      description: string;
      counterparty_name?: string | null;
      counterparty_iban?: string | null;
      reference?: string | null;
      bank_reference?: string | null;
    };
  } | null;
}

/** A saved mapping as the wire shows it: the body's names, the settings and columns not given left out. */
export type CsvMappingWire = NonNullable<CsvMappingBody['csv_mapping']>;

/** `GET`/`PUT …/csv-mapping/`'s answer: the mapping as saved, in the names the PUT takes, or null. */
export interface CsvMappingAnswer {
  csv_mapping: CsvMappingWire | null;
}

/** One exchange rate as `/api/exchange-rates/` answers it: units of the currency per euro. */
export interface ExchangeRateWire {
  /** YYYY-MM-DD. */
  date: string;
  currency: string;
  rate: number;
  /** `ecb`: imported from the ECB's files; `manual`: typed in, and winning on its day. */
  source: 'ecb' | 'manual';
  /** An ECB rate a manual one replaces on its day. */
  superseded: boolean;
  updated_at: string;
}

/** The body of `POST /api/exchange-rates/`: the rate as a number or decimal text. */
export interface ManualRateBody {
  date: string;
  currency: string;
  rate: number | string;
}

/** `POST /api/exchange-rates/import/`'s answer: what the file held and what changed. */
export interface RateImportAnswer {
  format: 'ecb-xml' | 'ecb-csv';
  from: string;
  to: string;
  currencies: string[];
  rates: number;
  added: number;
  changed: number;
  unchanged: number;
}

/**
 * One open document revalued: an invoice's receivable or a bill's payable, amounts signed as its
 * account sees them (a bill owed is negative); `difference_eur` above 0 is a gain, below 0 a loss.
 */
export interface RevaluationItemWire {
  invoice?: string;
  bill?: string;
  currency: string;
  /** In the document's currency. */
  open_amount: number;
  booked_eur: number;
  revalued_eur: number;
  difference_eur: number;
}

/** POST /api/accounting/revaluation/'s answer: 201 when it posted an entry, 200 with `posted: false` when nothing changed. */
export interface RevaluationWire {
  date: string;
  reversal_date: string;
  posted: boolean;
  rates: Array<{ currency: string; rate: number; rate_date: string }>;
  items: RevaluationItemWire[];
  gain: number;
  loss: number;
}
