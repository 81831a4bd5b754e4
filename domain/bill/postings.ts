/**
 * What a bill books, as a pure function of its events (the ledger's shape, domain/accounting):
 * - posted: Dr each line's account its net (lines on one account together), Dr the VAT account the
 *   VAT the supplier charged, Cr Accounts Payable what is owed. A reverse-charge (AE) line also
 *   books its self-assessed VAT on the VAT account, debited as input and credited as output: the two
 *   net to zero on the account, and the VAT return shows both.
 * - paid: Dr Accounts Payable, Cr the money account; a payment removed: that entry reversed on its day.
 * - in another currency: the same lines in euros at the bill's rate, each keeping its amount in the
 *   bill's currency; a payment at its day's rate clears the payable's booked euros and realises the
 *   difference (paying more euros than booked is an exchange loss).
 * Drafts, edits of drafts and deleted drafts book nothing.
 */
import { v5 as uuidv5 } from 'uuid';
import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import type { LedgerEffect, PostingLine } from '../accounting/ledger-effect';
import { mergeMovements, negateMovements, type VatMovement } from '../accounting/vat-return';
import { euroShares, toEuroCents } from '../currency/conversion';
import { receiptLines, refundLines } from '../currency/foreign-postings';
import type { DocumentRate, ForeignAmount, PaymentFx } from '../currency/rate';
import { billTotals } from './bill';
import type { BillEvent, BillLine } from './events';

const NAMESPACE = '0d5f3a52-6a1e-4c8f-9a43-2b7c5e9d1f60';
export const billEntryId = (billId: string): string => uuidv5(`bill:${billId}`, NAMESPACE);
export const billPaymentEntryId = (paymentId: string): string => uuidv5(`bill-payment:${paymentId}`, NAMESPACE);

const dr = (accountId: string, cents: number, foreign?: ForeignAmount): PostingLine => ({ accountId, debitCents: cents, creditCents: 0, ...(foreign ? { foreign } : {}) });
const cr = (accountId: string, cents: number, foreign?: ForeignAmount): PostingLine => ({ accountId, debitCents: 0, creditCents: cents, ...(foreign ? { foreign } : {}) });
const swapped = (lines: readonly PostingLine[]): PostingLine[] => lines.map((l) => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents }));

/**
 * A bill's lines in euros at `rate`, balanced to the cent: the gross and each VAT category and
 * rate's VAT are converted once (each rate's VAT shared among its lines), the nets share what the
 * gross leaves, the rounding residue on the largest lines. So the payable is the gross converted,
 * the VAT return's figures each rate's VAT converted, and the lines still sum to them.
 */
export const euroBillLines = (lines: readonly BillLine[], rate: string): BillLine[] => {
  const groups = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const key = `${l.vatCategory}|${l.vatRateBp}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const vat = lines.map(() => 0);
  for (const members of groups.values()) {
    const amounts = members.map((i) => lines[i]!.vatCents);
    const shares = euroShares(amounts, rate, toEuroCents(amounts.reduce((a, b) => a + b, 0), rate));
    members.forEach((i, k) => (vat[i] = shares[k]!));
  }
  const chargedVat = lines.reduce((sum, l, i) => sum + (l.vatCategory === 'AE' ? 0 : vat[i]!), 0);
  const nets = euroShares(
    lines.map((l) => l.netCents),
    rate,
    toEuroCents(billTotals(lines).grossCents, rate) - chargedVat,
  );
  return lines.map((l, i) => ({ ...l, netCents: nets[i]!, vatCents: vat[i]! }));
};

/** What a bill's lines sum to per posting: each account's net, the VAT charged and self-assessed, what is owed. */
const sums = (lines: readonly BillLine[]) => {
  const byAccount = new Map<string, number>();
  let charged = 0;
  let selfAssessed = 0;
  for (const l of lines) {
    byAccount.set(l.accountId, (byAccount.get(l.accountId) ?? 0) + l.netCents);
    if (l.vatCategory === 'AE') selfAssessed += l.vatCents;
    else charged += l.vatCents;
  }
  return { byAccount, charged, selfAssessed, owed: [...byAccount.values()].reduce((a, b) => a + b, 0) + charged };
};

/** The VAT return's movements of a bill's lines: input per category and rate; AE as input and output both. */
export const billVatMovements = (lines: readonly BillLine[]): VatMovement[] =>
  mergeMovements(
    lines.flatMap((l): VatMovement[] => {
      const input: VatMovement = { direction: 'input', category: l.vatCategory, rateBp: l.vatRateBp, baseCents: l.netCents, vatCents: l.vatCents };
      return l.vatCategory === 'AE' ? [input, { ...input, direction: 'output' }] : [input];
    }),
  );

/**
 * A posted bill's lines: balanced, a line per account and side, zero lines left out. In another
 * currency `lines` are the euro lines (euroBillLines) and `foreign` the bill's own, whose amounts
 * each posting line keeps beside its euros.
 */
export const billPostingLines = (lines: readonly BillLine[], foreign?: DocumentRate & { lines: readonly BillLine[] }): PostingLine[] => {
  const vat = SYSTEM_ACCOUNT_IDS.vatPayable;
  const euro = sums(lines);
  const own = foreign ? sums(foreign.lines) : null;
  const at = (amount: number | undefined): ForeignAmount | undefined => (foreign && amount !== undefined ? { currency: foreign.currency, amountCents: Math.abs(amount), rate: foreign.rate } : undefined);
  const side = (accountId: string, cents: number, amount: number | undefined) => (cents >= 0 ? dr(accountId, cents, at(amount)) : cr(accountId, -cents, at(amount)));
  const out: PostingLine[] = [...euro.byAccount].map(([accountId, cents]) => side(accountId, cents, own?.byAccount.get(accountId)));
  out.push(side(vat, euro.charged, own?.charged));
  if (euro.selfAssessed !== 0) out.push(dr(vat, euro.selfAssessed, at(own?.selfAssessed)), cr(vat, euro.selfAssessed, at(own?.selfAssessed)));
  out.push(side(SYSTEM_ACCOUNT_IDS.payables, -euro.owed, own ? -own.owed : undefined));
  return out.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
};

/** A bill payment's lines: money out of the cash account into Accounts Payable (money in on a supplier's refund); at the payment's rate in another currency. */
const paymentLines = (d: { amountCents: number; cashAccountId: string; refund?: true; fx?: PaymentFx }): PostingLine[] => {
  const payables = SYSTEM_ACCOUNT_IDS.payables;
  if (d.fx) return d.refund ? receiptLines(d.cashAccountId, d.amountCents, d.fx, payables) : refundLines(d.cashAccountId, d.amountCents, d.fx, payables);
  return d.refund ? [dr(d.cashAccountId, d.amountCents), cr(payables, d.amountCents)] : [dr(payables, d.amountCents), cr(d.cashAccountId, d.amountCents)];
};

/** The entry a bill event belongs to (null: it books nothing). */
export const billEntryIdOf = (event: BillEvent): string | null => {
  switch (event.type) {
    case 'BillPosted':
      return billEntryId(event.data.billId);
    case 'BillPaymentRecorded':
    case 'BillPaymentRemoved':
      return billPaymentEntryId(event.data.paymentId);
    default:
      return null;
  }
};

export const billEffect = (event: BillEvent): LedgerEffect | null => {
  switch (event.type) {
    case 'BillPosted': {
      const d = event.data;
      // A supplier credit note books as a bill reversed: Dr Accounts Payable, Cr the accounts and the input VAT.
      const credit = d.documentType === 'credit_note';
      const description = `${credit ? 'Supplier credit note' : 'Bill'} ${d.supplierInvoiceNumber}`;
      const euroLines = d.fx ? euroBillLines(d.lines, d.fx.rate) : d.lines;
      const vat = credit ? negateMovements(billVatMovements(euroLines)) : billVatMovements(euroLines);
      const lines = d.fx ? billPostingLines(euroLines, { ...d.fx, lines: d.lines }) : billPostingLines(d.lines);
      return {
        entryId: billEntryId(d.billId),
        source: { type: 'bill', id: d.billId, invoiceId: null },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        postings: [{ kind: 'posting', date: d.date, description, lines: credit ? swapped(lines) : lines, ...(vat.length ? { vat } : {}) }],
      };
    }
    case 'BillPaymentRecorded': {
      const d = event.data;
      const what = d.refund ? 'Supplier refund' : 'Bill payment';
      const description = d.reference ? `${what} ${d.reference}` : what;
      return {
        entryId: billPaymentEntryId(d.paymentId),
        source: { type: 'bill_payment', id: d.paymentId, invoiceId: null },
        entry: { status: 'active', date: d.date, description },
        revenueAccountId: null,
        postings: [{ kind: 'posting', date: d.date, description, lines: paymentLines(d) }],
      };
    }
    case 'BillPaymentRemoved': {
      const d = event.data;
      const description = 'Bill payment removed (statement line unreconciled)';
      return {
        entryId: billPaymentEntryId(d.paymentId),
        source: { type: 'bill_payment', id: d.paymentId, invoiceId: null },
        entry: { status: 'deleted', date: d.date, description },
        revenueAccountId: null,
        postings: [{ kind: 'reversal', date: d.date, description: `Reversal: ${description}`, lines: swapped(paymentLines(d)).reverse() }],
      };
    }
    default:
      return null;
  }
};
