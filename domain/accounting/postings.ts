import { v5 as uuidv5 } from 'uuid';
import type { BillingPeriod, InvoiceEvent, InvoiceTotals, PaymentMethod, PaymentRemovalReason } from '../invoice/events';
import type { DocumentParties } from '../invoice/vat';
import type { JournalEvent, JournalLine, PostedLines } from '../journal/events';
import type { PayoutEvent } from '../payouts/events';
import type { BooksEvent } from '../books/events';
import type { BankLineEvent } from '../bank/line-events';
import { BILL_EVENT_TYPES, type BillEvent } from '../bill/events';
import { billEffect, billEntryIdOf } from '../bill/postings';
import { SYSTEM_ACCOUNT_IDS } from './accounts';
import { buyerOf, invoiceVatMovements, journalVatMovements, negateMovements, type VatBuyer, type VatMovement } from './vat-return';
import { bookedSaleLines, disputeClosedLines, disputeOpenedLines, foreignSaleLines, receiptLines, refundLines } from '../currency/foreign-postings';
import type { CreditFx, DocumentRate, PaymentFx } from '../currency/rate';

/**
 * Postings as a pure function of events. Every event that moves money becomes one ledger effect:
 * the entry it belongs to, what that entry now looks like, and the balanced postings it adds.
 * Corrections never edit lines: they add a reversal (sides swapped) and, for an edit, new lines.
 */

export type { KnownEntry, LedgerEffect, Posting, PostingLine, SourceType } from './ledger-effect';
import type { KnownEntry, LedgerEffect, Posting, PostingLine, SourceType } from './ledger-effect';

const NAMESPACE = '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d';
export const invoiceEntryId = (invoiceId: string): string => uuidv5(`invoice:${invoiceId}`, NAMESPACE);
export const paymentEntryId = (paymentId: string): string => uuidv5(`payment:${paymentId}`, NAMESPACE);
export const creditNoteEntryId = (creditNoteId: string): string => uuidv5(`credit-note:${creditNoteId}`, NAMESPACE);
export const refundEntryId = (refundId: string): string => uuidv5(`refund:${refundId}`, NAMESPACE);
export const refundFailureEntryId = (refundId: string): string => uuidv5(`refund-failed:${refundId}`, NAMESPACE);
export const disputeEntryId = (disputeId: string): string => uuidv5(`dispute:${disputeId}`, NAMESPACE);
export const disputeCloseEntryId = (disputeId: string): string => uuidv5(`dispute-closed:${disputeId}`, NAMESPACE);
export const feeEntryId = (feeId: string): string => uuidv5(`fee:${feeId}`, NAMESPACE);
export const creditTransferEntryId = (transferId: string): string => uuidv5(`credit-transfer:${transferId}`, NAMESPACE);
export const writeOffEntryId = (invoiceId: string): string => uuidv5(`write-off:${invoiceId}`, NAMESPACE);
export const payoutEntryId = (payoutId: string): string => uuidv5(`payout:${payoutId}`, NAMESPACE);
export const payoutFailureEntryId = (payoutId: string): string => uuidv5(`payout-failed:${payoutId}`, NAMESPACE);
export const bankReconciliationEntryId = (reconciliationId: string): string => uuidv5(`bank-reconciliation:${reconciliationId}`, NAMESPACE);

const dr = (accountId: string, cents: number): PostingLine => ({ accountId, debitCents: cents, creditCents: 0 });
const cr = (accountId: string, cents: number): PostingLine => ({ accountId, debitCents: 0, creditCents: cents });
/** Dr `to`, Cr `from` by an amount; a negative amount swaps the sides (a fee given back, a payout debited). */
const transfer = (to: string, from: string, cents: number): PostingLine[] => (cents >= 0 ? [dr(to, cents), cr(from, cents)] : [dr(from, -cents), cr(to, -cents)]);

/** Zero lines (an invoice without VAT) are left out: a line moves money or it is not there. */
const nonZero = (lines: PostingLine[]): PostingLine[] => lines.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);

/** Sides swapped; a line of a foreign document keeps its foreign amount and rate (the reversal takes off what was posted). */
export const reverseLines = (lines: PostingLine[]): PostingLine[] =>
  lines.map((l) => ({ accountId: l.accountId, debitCents: l.creditCents, creditCents: l.debitCents, ...(l.foreign ? { foreign: l.foreign } : {}) }));

export const revenueAccountFor = (period: BillingPeriod | null | undefined): string =>
  period ? SYSTEM_ACCOUNT_IDS.subscriptionRevenue : SYSTEM_ACCOUNT_IDS.servicesRevenue;

export const invoiceLines = (totals: InvoiceTotals, revenueAccountId: string): PostingLine[] =>
  nonZero([dr(SYSTEM_ACCOUNT_IDS.receivables, totals.grossCents), cr(revenueAccountId, totals.netCents), cr(SYSTEM_ACCOUNT_IDS.vatPayable, totals.vatCents)]);

export const cashAccountFor = (method: PaymentMethod): string => {
  switch (method) {
    case 'stripe':
    case 'card':
      return SYSTEM_ACCOUNT_IDS.stripeClearing;
    case 'bank':
    case 'manual':
    case 'cash':
    case 'other':
      return SYSTEM_ACCOUNT_IDS.bank;
    // Credit balance applied from another invoice: no money moves, it passes through the transfers account.
    case 'credit':
      return SYSTEM_ACCOUNT_IDS.creditTransfers;
    default: {
      const exhaustive: never = method;
      return exhaustive;
    }
  }
};

const posting = (kind: Posting['kind'], date: string, description: string, lines: PostingLine[], vat?: VatMovement[]): Posting[] => {
  const kept = nonZero(lines);
  if (!kept.length) return [];
  return [vat?.length ? { kind, date, description, lines: kept, vat } : { kind, date, description, lines: kept }];
};

/**
 * An invoice's lines and VAT movements: in euros as they are, or, for an invoice in another currency,
 * converted at its rate (each line keeping its foreign amount).
 */
const saleOf = (
  d: { lines: Parameters<typeof invoiceVatMovements>[0]; totals: InvoiceTotals; fx?: DocumentRate | CreditFx; parties?: DocumentParties | null },
  revenueAccountId: string,
  keptBuyer?: VatBuyer,
): { lines: PostingLine[]; vat: VatMovement[] } => {
  const vat = invoiceVatMovements(d.lines, d.totals, d.parties?.buyer ?? keptBuyer);
  if (!d.fx) return { lines: invoiceLines(d.totals, revenueAccountId), vat };
  // A credit note's receivable is the booked euros it takes off its invoice.
  const grossEuroCents = 'relievedCents' in d.fx ? { grossEuroCents: d.fx.relievedCents } : {};
  const sale = foreignSaleLines({ currency: d.fx.currency, rate: d.fx.rate, totals: d.totals, vat, revenueAccountId, ...grossEuroCents });
  return { lines: sale.lines, vat: sale.vat };
};

/** What an invoice entry posted, to reverse: in euros from its totals, or in another currency from its rate and the VAT in euros the ledger remembers. */
const postedSale = (totals: InvoiceTotals, fx: DocumentRate | undefined, vat: VatMovement[], revenueAccountId: string): PostingLine[] =>
  fx ? bookedSaleLines({ currency: fx.currency, rate: fx.rate, totals, revenueAccountId }, vat) : invoiceLines(totals, revenueAccountId);

/** An invoice entry written before the VAT analysis existed: its VAT is known only as a total. */
const rememberedVat = (known: KnownEntry | null, totals: InvoiceTotals): VatMovement[] =>
  known?.vat ?? [{ direction: 'output', category: null, rateBp: null, baseCents: totals.netCents, vatCents: totals.vatCents }];

const REMOVAL_REASONS: Record<PaymentRemovalReason, string> = { statement_line_unreconciled: 'statement line unreconciled' };

/** A payment's lines: into its money account, out of the receivable (what recovers a write-off goes back to Bad Debts: that receivable is no longer on the books). */
const paymentLines = (d: { amountCents: number; method: PaymentMethod; cashAccountId?: string; recoveredCents?: number; fx?: PaymentFx }): PostingLine[] =>
  // A payment of an invoice in another currency: its euros at its rate, the difference realised.
  d.fx
    ? receiptLines(d.cashAccountId ?? cashAccountFor(d.method), d.amountCents, d.fx, SYSTEM_ACCOUNT_IDS.receivables, d.recoveredCents ?? 0)
    : [
        dr(d.cashAccountId ?? cashAccountFor(d.method), d.amountCents),
        cr(SYSTEM_ACCOUNT_IDS.badDebts, d.recoveredCents ?? 0),
        cr(SYSTEM_ACCOUNT_IDS.receivables, d.amountCents - (d.recoveredCents ?? 0)),
      ];

export const invoiceEffect = (event: InvoiceEvent, known: KnownEntry | null): LedgerEffect | null => {
  switch (event.type) {
    case 'InvoiceIssued': {
      const d = event.data;
      const revenue = revenueAccountFor(d.period);
      const description = `Invoice ${d.invoiceNumber}`;
      const sale = saleOf(d, revenue);
      return {
        entryId: invoiceEntryId(d.invoiceId),
        source: { type: 'invoice', id: d.invoiceId, invoiceId: d.invoiceId },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: revenue,
        vat: sale.vat,
        postings: posting('posting', d.date, description, sale.lines, sale.vat),
      };
    }
    case 'InvoiceEdited': {
      const d = event.data;
      const revenue = known?.revenueAccountId ?? revenueAccountFor(d.period);
      const description = `Invoice ${d.invoiceNumber}`;
      // An edit of the due date or the wording moves no money: no reversal pair in the ledger.
      const previousVat = rememberedVat(known, d.previousTotals);
      // An edit without parties keeps the buyer the invoice had.
      const sale = saleOf(d, revenue, buyerOf(previousVat));
      const vat = sale.vat;
      // A change of rates or categories alone (same totals) still moves the VAT return; so does a new exchange rate.
      const unchanged =
        d.date === d.previousDate &&
        d.totals.netCents === d.previousTotals.netCents &&
        d.totals.vatCents === d.previousTotals.vatCents &&
        d.totals.grossCents === d.previousTotals.grossCents &&
        d.fx?.rate === d.previousFx?.rate &&
        d.fx?.currency === d.previousFx?.currency &&
        JSON.stringify(vat) === JSON.stringify(previousVat);
      return {
        entryId: invoiceEntryId(d.invoiceId),
        source: { type: 'invoice', id: d.invoiceId, invoiceId: d.invoiceId },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: revenue,
        vat,
        postings: unchanged
          ? []
          : [
              ...posting('reversal', d.previousDate, `Reversal (edit): ${description}`, reverseLines(postedSale(d.previousTotals, d.previousFx, previousVat, revenue)), negateMovements(previousVat)),
              ...posting('posting', d.date, description, sale.lines, vat),
            ],
      };
    }
    case 'InvoiceVoided': {
      const d = event.data;
      const revenue = known?.revenueAccountId ?? revenueAccountFor(d.period);
      // A deleted or annulled invoice never existed for the books; a voided one is cancelled on the day it was voided.
      const date = d.reason === 'voided' ? d.date : d.originalDate;
      const label = d.reason;
      return {
        entryId: invoiceEntryId(d.invoiceId),
        source: { type: 'invoice', id: d.invoiceId, invoiceId: d.invoiceId },
        entry: { status: 'deleted', date: d.originalDate, description: `Invoice ${label}` },
        revenueAccountId: revenue,
        vat: [],
        postings: posting('reversal', date, `Reversal (${label}): invoice`, reverseLines(postedSale(d.totals, d.fx, rememberedVat(known, d.totals), revenue)), negateMovements(rememberedVat(known, d.totals))),
      };
    }
    case 'PaymentRecorded': {
      const d = event.data;
      // A payment is posted once, however often its event is delivered.
      if (known) return null;
      const credit = d.method === 'credit';
      const description = credit ? `Credit applied from ${d.reference ?? 'another invoice'}` : d.reference ? `Payment ${d.reference}` : 'Payment received';
      return {
        entryId: paymentEntryId(d.paymentId),
        source: { type: credit ? 'credit_transfer' : 'payment', id: d.paymentId, invoiceId: d.invoiceId },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        postings: posting('posting', d.date, description, paymentLines(d)),
      };
    }
    case 'PaymentRemoved': {
      const d = event.data;
      // A payment never posted has nothing to reverse; else its own entry is reversed on its day and leaves the books.
      if (!known) return null;
      const description = `Payment removed (${REMOVAL_REASONS[d.reason]})`;
      return {
        entryId: paymentEntryId(d.paymentId),
        source: { type: d.method === 'credit' ? 'credit_transfer' : 'payment', id: d.paymentId, invoiceId: d.invoiceId },
        entry: { status: 'deleted', date: d.date, description },
        revenueAccountId: null,
        postings: posting('reversal', d.date, `Reversal: ${description}`, reverseLines(paymentLines(d))),
      };
    }
    case 'InvoiceWrittenOff': {
      const d = event.data;
      // Posted once, on the write-off's date: the open receivable becomes an expense.
      if (known) return null;
      const description = `Bad debt written off: invoice ${d.invoiceNumber}`;
      return {
        entryId: writeOffEntryId(d.invoiceId),
        source: { type: 'write_off', id: d.invoiceId, invoiceId: d.invoiceId },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        // In another currency: the receivable's booked euros, keeping the amount in the currency.
        postings: posting(
          'posting',
          d.date,
          description,
          d.fx
            ? [dr(SYSTEM_ACCOUNT_IDS.badDebts, d.fx.relievedCents), { accountId: SYSTEM_ACCOUNT_IDS.receivables, debitCents: 0, creditCents: d.fx.relievedCents, foreign: { currency: d.fx.currency, amountCents: d.amountCents, rate: d.fx.rate } }]
            : [dr(SYSTEM_ACCOUNT_IDS.badDebts, d.amountCents), cr(SYSTEM_ACCOUNT_IDS.receivables, d.amountCents)],
        ),
      };
    }
    case 'InvoiceCredited': {
      const d = event.data;
      // Posted once, on the credit note's date: Dr revenue and VAT payable, Cr receivables.
      if (known) return null;
      const revenue = revenueAccountFor(d.period);
      const description = `Credit note ${d.creditNoteNumber} (invoice ${d.invoiceNumber})`;
      const sale = saleOf(d, revenue);
      return {
        entryId: creditNoteEntryId(d.creditNoteId),
        source: { type: 'credit_note', id: d.creditNoteId, invoiceId: d.invoiceId },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: revenue,
        postings: posting('posting', d.date, description, reverseLines(sale.lines), negateMovements(sale.vat)),
      };
    }
    case 'PaymentRefunded':
    case 'RefundFailed':
    case 'PaymentDisputed':
    case 'DisputeClosed':
    case 'GatewayFeeCharged':
    case 'CreditTransferred':
      // Each is posted once, on its own date, however often its event is delivered.
      return known ? null : movementEffect(event);
    case 'InvoiceSent':
      return null;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/** A refund's lines: out of the money account its payment went into, back onto the receivable (of a foreign invoice: at the refund's rate, the difference realised). */
const refundedLines = (r: { amountCents: number; method: PaymentMethod; cashAccountId?: string; fx?: PaymentFx }): PostingLine[] => {
  const cash = r.cashAccountId ?? cashAccountFor(r.method);
  return r.fx ? refundLines(cash, r.amountCents, r.fx) : transfer(SYSTEM_ACCOUNT_IDS.receivables, cash, r.amountCents);
};

type MovementEvent = Extract<InvoiceEvent, { type: 'PaymentRefunded' | 'RefundFailed' | 'PaymentDisputed' | 'DisputeClosed' | 'GatewayFeeCharged' | 'CreditTransferred' }>;

/**
 * After a payment: a refund takes the money back out of the account it came into (the invoice is
 * owed again, or the credit balance shrinks); a dispute holds it apart until it is won (back to
 * Stripe clearing) or lost (owed again); the gateway's fee is an expense paid out of Stripe clearing.
 */
export const movementEffect = (event: MovementEvent): LedgerEffect => {
  const d = event.data;
  const { receivables, stripeClearing, disputedPayments, paymentFees, creditTransfers } = SYSTEM_ACCOUNT_IDS;
  const effect = (entryId: string, type: SourceType, sourceId: string, description: string, lines: PostingLine[]): LedgerEffect => ({
    entryId,
    source: { type, id: sourceId, invoiceId: d.invoiceId },
    entry: { status: 'active', date: d.date, description },
    revenueAccountId: null,
    postings: posting('posting', d.date, description, lines),
  });
  switch (event.type) {
    case 'PaymentRefunded': {
      const r = event.data;
      return effect(refundEntryId(r.refundId), 'refund', r.refundId, r.reference ? `Refund ${r.reference}` : 'Refund', refundedLines(r));
    }
    case 'RefundFailed': {
      const r = event.data;
      const cash = r.cashAccountId ?? cashAccountFor(r.method);
      // The money back where it left from, the refund's own posting reversed.
      return effect(refundFailureEntryId(r.refundId), 'refund', r.refundId, 'Refund failed', r.fx ? reverseLines(refundedLines(r)) : transfer(cash, receivables, r.amountCents));
    }
    case 'PaymentDisputed': {
      const d = event.data;
      return effect(disputeEntryId(d.disputeId), 'dispute', d.disputeId, 'Payment disputed', d.fx ? disputeOpenedLines(d.fx) : transfer(disputedPayments, stripeClearing, d.amountCents));
    }
    case 'DisputeClosed': {
      const c = event.data;
      const won = c.outcome === 'won';
      const lines = c.fx ? disputeClosedLines(c.fx, c.amountCents, c.outcome) : transfer(won ? stripeClearing : receivables, disputedPayments, c.amountCents);
      return effect(disputeCloseEntryId(c.disputeId), 'dispute', c.disputeId, won ? 'Dispute won' : 'Dispute lost', lines);
    }
    case 'GatewayFeeCharged': {
      const f = event.data;
      return effect(feeEntryId(f.feeId), 'fee', f.feeId, f.kind === 'dispute' ? 'Dispute fee' : 'Card payment fee', transfer(paymentFees, stripeClearing, f.amountCents));
    }
    // The credit leaves this invoice (its receivable goes up) for the invoice that records it as a `credit` payment.
    case 'CreditTransferred': {
      const c = event.data;
      // In another currency, at the booked euros it leaves with (the receiving payment receives them).
      const lines = c.fx
        ? [{ accountId: receivables, debitCents: c.fx.relievedCents, creditCents: 0, foreign: { currency: c.fx.currency, amountCents: c.amountCents, rate: c.fx.rate } }, { accountId: creditTransfers, debitCents: 0, creditCents: c.fx.relievedCents }]
        : transfer(receivables, creditTransfers, c.amountCents);
      return effect(creditTransferEntryId(c.transferId), 'credit_transfer', c.transferId, `Credit applied to ${c.toInvoiceNumber}`, lines);
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/**
 * A payout of the Stripe balance to the bank (negative when Stripe debits the bank): into the money
 * account its event names, else (payouts recorded before payouts had a default) the books' own Bank.
 */
export const payoutEffect = (event: PayoutEvent): LedgerEffect => {
  const d = event.data;
  const { stripeClearing } = SYSTEM_ACCOUNT_IDS;
  const bank = d.cashAccountId ?? SYSTEM_ACCOUNT_IDS.bank;
  const failed = event.type === 'PayoutFailed';
  const description = failed ? `Payout ${d.payoutId} failed` : `Payout ${d.payoutId}`;
  return {
    entryId: failed ? payoutFailureEntryId(d.payoutId) : payoutEntryId(d.payoutId),
    source: { type: 'payout', id: d.payoutId, invoiceId: null },
    entry: { status: 'active', date: d.date, description },
    revenueAccountId: null,
    postings: posting('posting', d.date, description, failed ? transfer(stripeClearing, bank, d.amountCents) : transfer(bank, stripeClearing, d.amountCents)),
  };
};

const reversalOf = (p: PostedLines): Posting[] => posting('reversal', p.date, `Reversal: ${p.description}`.trim(), reverseLines(p.lines), negateMovements(journalVatMovements(p.lines)));

export const journalEffect = (event: JournalEvent): LedgerEffect => {
  const d = event.data;
  const source = { type: 'manual' as const, id: d.entryId, invoiceId: null };
  switch (event.type) {
    case 'JournalEntryRecorded':
      return { entryId: d.entryId, source, revenueAccountId: null, entry: { status: 'active', date: event.data.date, description: event.data.description }, postings: posting('posting', event.data.date, event.data.description, event.data.lines, journalVatMovements(event.data.lines)) };
    case 'JournalEntryCorrected':
      return {
        entryId: d.entryId,
        source,
        revenueAccountId: null,
        entry: { status: 'active', date: event.data.date, description: event.data.description },
        postings: [...reversalOf(event.data.previous), ...posting('posting', event.data.date, event.data.description, event.data.lines, journalVatMovements(event.data.lines))],
      };
    case 'JournalEntryDeleted':
      return { entryId: d.entryId, source, revenueAccountId: null, entry: { status: 'deleted', date: event.data.previous.date, description: event.data.previous.description }, postings: reversalOf(event.data.previous) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/**
 * A fiscal year's closing entry on its last day, and its reversal on the same day when the year is
 * reopened. Income statements and cash flows leave these out (they would net a year's result to 0).
 */
export const booksEffect = (event: BooksEvent): LedgerEffect | null => {
  switch (event.type) {
    case 'BooksLocked':
      return null;
    case 'FiscalYearClosed':
    case 'FiscalYearReopened': {
      const d = event.data;
      const description = `Year-end close ${d.from} to ${d.to}`;
      const reopened = event.type === 'FiscalYearReopened';
      return {
        entryId: d.entryId,
        source: { type: 'year_end_close', id: d.entryId, invoiceId: null },
        entry: { status: reopened ? 'deleted' : 'active', date: d.to, description },
        revenueAccountId: null,
        postings: reopened ? posting('reversal', d.to, `Reversal (reopened): ${description}`, reverseLines(d.lines)) : posting('posting', d.to, description, d.lines),
      };
    }
    case 'ForeignBalancesRevalued': {
      // The unrealised differences on the period's last day, and their reversal on the next.
      const d = event.data;
      const description = `Exchange revaluation ${d.date}`;
      return {
        entryId: d.entryId,
        source: { type: 'fx_revaluation', id: d.entryId, invoiceId: null },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        postings: [...posting('posting', d.date, description, d.lines), ...posting('reversal', d.reversalDate, `Reversal: ${description}`, reverseLines(d.lines))],
      };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

/**
 * A bank line's reconciliation books what its parts say (postings made by domain/bank and kept in
 * the event); its undo reverses them on the same day. A reconciliation of movements only posts nothing.
 */
export const bankLineEffect = (event: BankLineEvent): LedgerEffect | null => {
  const d = event.data;
  if (!d.postings.length) return null;
  const source = { type: 'bank_reconciliation' as const, id: d.reconciliationId, invoiceId: null };
  const description = d.postings[0]!.description;
  if (event.type === 'BankLineReconciled') {
    return { entryId: bankReconciliationEntryId(d.reconciliationId), source, revenueAccountId: null, entry: { status: 'active', date: d.date, description }, postings: d.postings.map((p) => ({ ...p, kind: 'posting' as const })) };
  }
  return {
    entryId: bankReconciliationEntryId(d.reconciliationId),
    source,
    revenueAccountId: null,
    entry: { status: 'deleted', date: d.date, description },
    postings: d.postings.map((p) => {
      const reversed: Posting = { kind: 'reversal', date: p.date, description: `Reversal (reconciliation undone): ${p.description}`, lines: reverseLines(p.lines) };
      return p.vat?.length ? { ...reversed, vat: negateMovements(p.vat) } : reversed;
    }),
  };
};

export type LedgerEvent = InvoiceEvent | JournalEvent | PayoutEvent | BooksEvent | BankLineEvent | BillEvent;

const isBill = (event: LedgerEvent): event is BillEvent => (BILL_EVENT_TYPES as readonly string[]).includes(event.type);

/** The entry id an event belongs to, so the ledger can look up what it knows before applying it. */
export const entryIdOf = (event: LedgerEvent): string | null => {
  if (isBill(event)) return billEntryIdOf(event);
  switch (event.type) {
    case 'InvoiceIssued':
    case 'InvoiceEdited':
    case 'InvoiceVoided':
      return invoiceEntryId(event.data.invoiceId);
    case 'PaymentRecorded':
    case 'PaymentRemoved':
      return paymentEntryId(event.data.paymentId);
    case 'InvoiceCredited':
      return creditNoteEntryId(event.data.creditNoteId);
    case 'PaymentRefunded':
      return refundEntryId(event.data.refundId);
    case 'RefundFailed':
      return refundFailureEntryId(event.data.refundId);
    case 'PaymentDisputed':
      return disputeEntryId(event.data.disputeId);
    case 'DisputeClosed':
      return disputeCloseEntryId(event.data.disputeId);
    case 'GatewayFeeCharged':
      return feeEntryId(event.data.feeId);
    case 'CreditTransferred':
      return creditTransferEntryId(event.data.transferId);
    case 'InvoiceWrittenOff':
      return writeOffEntryId(event.data.invoiceId);
    case 'PayoutPaid':
      return payoutEntryId(event.data.payoutId);
    case 'PayoutFailed':
      return payoutFailureEntryId(event.data.payoutId);
    case 'BankLineReconciled':
    case 'BankLineUnreconciled':
      return bankReconciliationEntryId(event.data.reconciliationId);
    case 'InvoiceSent':
    case 'BooksLocked':
      return null;
    case 'FiscalYearClosed':
    case 'FiscalYearReopened':
    case 'ForeignBalancesRevalued':
      return event.data.entryId;
    case 'JournalEntryRecorded':
    case 'JournalEntryCorrected':
    case 'JournalEntryDeleted':
      return event.data.entryId;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const ledgerEffectOf = (event: LedgerEvent, known: KnownEntry | null): LedgerEffect | null => {
  // A bill's entries are written once: posted, or paid (a posted bill never changes); a payment
  // removed reverses its own entry, when it was posted.
  if (isBill(event)) return (event.type === 'BillPaymentRemoved') === (known !== null) ? billEffect(event) : null;
  switch (event.type) {
    case 'BooksLocked':
    case 'FiscalYearClosed':
    case 'FiscalYearReopened':
      return booksEffect(event);
    // Posted once, however often its event is delivered.
    case 'ForeignBalancesRevalued':
      return known ? null : booksEffect(event);
    case 'PayoutPaid':
      return known ? null : payoutEffect(event);
    // A failure of a payout never booked as paid has nothing to reverse.
    case 'PayoutFailed':
      return known || event.data.amountCents === 0 ? null : payoutEffect(event);
    case 'JournalEntryRecorded':
    case 'JournalEntryCorrected':
    case 'JournalEntryDeleted':
      return journalEffect(event);
    // A reconciliation posts into an entry of its own; its undo reverses that entry.
    case 'BankLineReconciled':
    case 'BankLineUnreconciled':
      return bankLineEffect(event);
    default:
      return invoiceEffect(event, known);
  }
};
