/** Chart-of-accounts vocabulary shared by postings, reports and the accounts table. */

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const CASH_FLOW_CLASSES = ['cash', 'operating', 'investing', 'financing'] as const;
export type CashFlowClass = (typeof CASH_FLOW_CLASSES)[number];

export interface Account {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  cashFlowClass: CashFlowClass;
  active: boolean;
  /** Used by automatic postings; can be renamed but not deactivated or deleted. */
  systemKey: SystemAccountKey | null;
}

/** Debit-normal accounts show debit minus credit as their balance; the others the reverse. */
export const isDebitNormal = (type: AccountType): boolean => {
  switch (type) {
    case 'asset':
    case 'expense':
      return true;
    case 'liability':
    case 'equity':
    case 'revenue':
      return false;
    default: {
      const exhaustive: never = type;
      return exhaustive;
    }
  }
};

/** A balance in the account's normal direction, from its debit and credit totals. */
export const normalBalance = (type: AccountType, debitCents: number, creditCents: number): number =>
  isDebitNormal(type) ? debitCents - creditCents : creditCents - debitCents;

/**
 * The indirect cash-flow method needs every non-cash balance-sheet account in exactly one of
 * operating, investing or financing, and all revenue and expense inside net income (operating).
 * Cash is an asset by definition.
 */
export const cashFlowClassError = (type: AccountType, cls: CashFlowClass): string | null => {
  if (cls === 'cash' && type !== 'asset') return 'Only asset accounts can hold cash.';
  if ((type === 'revenue' || type === 'expense') && cls !== 'operating') {
    return 'Revenue and expense accounts belong to operating activities.';
  }
  return null;
};

export type SystemAccountKey =
  | 'bank'
  | 'cashOnHand'
  | 'stripeClearing'
  | 'disputedPayments'
  | 'receivables'
  | 'vatPayable'
  | 'creditTransfers'
  | 'suspense'
  | 'retainedEarnings'
  | 'subscriptionRevenue'
  | 'servicesRevenue'
  | 'paymentFees'
  | 'badDebts'
  | 'payables'
  | 'exchangeGains'
  | 'exchangeLosses';

type ChartRow = Omit<Account, 'active'>;

const id = (code: string): string => `a0000000-0000-4000-8000-00000000${code.padStart(4, '0')}`;

/** Fixed ids so postings, migrations and rebuilds agree on them on every install. */
export const SYSTEM_ACCOUNT_IDS: Record<SystemAccountKey, string> = {
  bank: id('1000'),
  cashOnHand: id('1050'),
  stripeClearing: id('1010'),
  disputedPayments: id('1020'),
  receivables: id('1100'),
  vatPayable: id('2100'),
  creditTransfers: id('2150'),
  suspense: id('2900'),
  retainedEarnings: id('3100'),
  subscriptionRevenue: id('4000'),
  servicesRevenue: id('4100'),
  paymentFees: id('5500'),
  badDebts: id('5800'),
  payables: id('2000'),
  exchangeGains: id('4900'),
  exchangeLosses: id('5900'),
};

const row = (code: string, name: string, type: AccountType, cashFlowClass: CashFlowClass, systemKey: SystemAccountKey | null = null): ChartRow => ({
  id: id(code),
  code,
  name,
  type,
  cashFlowClass,
  systemKey,
});

export const DEFAULT_CHART: ChartRow[] = [
  row('1000', 'Bank', 'asset', 'cash', 'bank'),
  row('1010', 'Stripe Clearing', 'asset', 'cash', 'stripeClearing'),
  row('1050', 'Cash on Hand', 'asset', 'cash', 'cashOnHand'),
  row('1020', 'Disputed Payments', 'asset', 'operating', 'disputedPayments'),
  row('1100', 'Accounts Receivable', 'asset', 'operating', 'receivables'),
  row('1200', 'Prepaid Expenses', 'asset', 'operating'),
  row('1500', 'Equipment', 'asset', 'investing'),
  row('2000', 'Accounts Payable', 'liability', 'operating', 'payables'),
  row('2100', 'VAT Payable', 'liability', 'operating', 'vatPayable'),
  row('2150', 'Client Credit Transfers', 'liability', 'operating', 'creditTransfers'),
  row('2500', 'Loans', 'liability', 'financing'),
  row('2900', 'Suspense', 'liability', 'operating', 'suspense'),
  row('3000', 'Share Capital', 'equity', 'financing'),
  row('3100', 'Retained Earnings', 'equity', 'financing', 'retainedEarnings'),
  row('4000', 'Subscription Revenue', 'revenue', 'operating', 'subscriptionRevenue'),
  row('4100', 'Services Revenue', 'revenue', 'operating', 'servicesRevenue'),
  row('4900', 'Exchange Gains', 'revenue', 'operating', 'exchangeGains'),
  row('5000', 'Salaries', 'expense', 'operating'),
  row('5100', 'Rent', 'expense', 'operating'),
  row('5200', 'Software and Hosting', 'expense', 'operating'),
  row('5300', 'Office Expenses', 'expense', 'operating'),
  row('5400', 'Professional Fees', 'expense', 'operating'),
  row('5500', 'Bank and Payment Fees', 'expense', 'operating', 'paymentFees'),
  row('5600', 'Marketing', 'expense', 'operating'),
  row('5700', 'Travel', 'expense', 'operating'),
  row('5800', 'Bad Debts', 'expense', 'operating', 'badDebts'),
  row('5900', 'Exchange Losses', 'expense', 'operating', 'exchangeLosses'),
];
