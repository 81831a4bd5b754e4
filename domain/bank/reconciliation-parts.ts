import type { Account } from '../accounting/accounts';
import type { StatementLine } from './statement';

/** The shapes of a reconciliation (kept apart from its checks, which the postings and rules also use). */

/** A statement line as the books keep it: the adapter gives it its id. */
export type BankLine = StatementLine & { id: string };

/**
 * A payment received on an invoice (positive), or a refund of one paid out (negative). Once
 * reconciled, `paymentId` names the payment recorded on the invoice for it (which posts it).
 */
export type InvoicePart = { kind: 'invoice'; invoiceId: string; cents: number; paymentId?: string };
/** Money the books already hold (a payment recorded by hand, a payout, a refund paid out): no second posting. */
export type MovementPart = { kind: 'movement'; movementId: string; cents: number };
/** An expense with its input VAT, other income with its output VAT, or a payment of VAT itself (rate 0 on a VAT account). */
export type AccountPart = { kind: 'account'; accountCode: string; cents: number; vatRateBp: number; description: string };
/** Money moved from (positive) or to (negative) another money account of the company. */
export type TransferPart = { kind: 'transfer'; moneyAccountId: string; cents: number };
/** What a client paid beyond the invoices it settles: their credit balance (recorded with one of its invoice's payments, `paymentId`). */
export type ClientCreditPart = { kind: 'clientCredit'; clientId: string; cents: number; paymentId?: string };

/**
 * A payment of a supplier's posted bill paid out (negative, as the bank sees it). Once reconciled,
 * `paymentId` names the payment recorded on the bill for it (which posts it).
 */
export type BillPart = { kind: 'bill'; billId: string; cents: number; paymentId?: string };

export type ReconciliationPart = InvoicePart | MovementPart | AccountPart | TransferPart | ClientCreditPart | BillPart;

export interface Reconciliation {
  lineId: string;
  parts: ReconciliationPart[];
}

/** An open invoice as the check needs it; `refundableCents` is what payments received may still give back. */
export interface InvoiceFacts {
  clientId: string;
  openCents: number;
  refundableCents: number;
}

/** A supplier's bill as the check needs it: only a posted one takes payments, at most what it has open. */
export interface BillFacts {
  supplierId: string;
  posted: boolean;
  openCents: number;
}

/** A money movement of this money account already in the books, signed as the bank sees it. */
export interface MovementFacts {
  amountCents: number;
  reconciled: boolean;
}

export interface MoneyAccountFacts {
  /** The ledger account that holds this money account's balance. */
  ledgerAccountId: string;
}

/** What the books know when a line is reconciled; the adapter reads it, the domain only decides. */
export interface ReconciliationContext {
  /** The money account the statement belongs to. */
  moneyAccountId: string;
  moneyAccounts: ReadonlyMap<string, MoneyAccountFacts>;
  /** The chart of accounts by code. */
  accounts: ReadonlyMap<string, Account>;
  invoices: ReadonlyMap<string, InvoiceFacts>;
  movements: ReadonlyMap<string, MovementFacts>;
  clientIds: ReadonlySet<string>;
  bills: ReadonlyMap<string, BillFacts>;
}

export type ReconciliationErrorCode =
  | 'NO_PARTS'
  | 'TOO_MANY_PARTS'
  | 'AMOUNT_INVALID'
  | 'AMOUNT_ZERO'
  | 'SUM_MISMATCH'
  | 'WRONG_DIRECTION'
  | 'INVOICE_UNKNOWN'
  | 'OVER_OPEN_AMOUNT'
  | 'OVER_REFUNDABLE'
  | 'MOVEMENT_UNKNOWN'
  | 'MOVEMENT_RECONCILED'
  | 'MOVEMENT_TWICE'
  | 'MOVEMENT_AMOUNT'
  | 'ACCOUNT_UNKNOWN'
  | 'ACCOUNT_INACTIVE'
  | 'ACCOUNT_NOT_POSTABLE'
  | 'VAT_RATE_INVALID'
  | 'VAT_ON_SETTLEMENT'
  | 'DESCRIPTION_INVALID'
  | 'MONEY_ACCOUNT_UNKNOWN'
  | 'TRANSFER_TO_ITSELF'
  | 'CLIENT_UNKNOWN'
  | 'BILL_UNKNOWN'
  | 'BILL_NOT_POSTED'
  | 'OVER_BILL_OPEN';

/** One refusal: `field` is a path into the reconciliation (`parts.2.cents`), `code` is stable for translations. */
export interface ReconciliationError {
  field: string;
  code: ReconciliationErrorCode;
  message: string;
}
