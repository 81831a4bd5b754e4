/**
 * The postings of documents in another currency than the books'. Every line is in euros, as the
 * ledger keeps them, and a line that moves a foreign amount keeps that amount, its currency and the
 * rate beside the euros. A payment at another rate than its document's posts the realised exchange
 * difference; a period end's revaluation posts the unrealised one (reversed the next day by the caller).
 */
import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import type { PostingLine } from '../accounting/ledger-effect';
import type { VatMovement } from '../accounting/vat-return';
import { euroDocument, revaluation, settle, toEuroCents, type OpenAmount, type Settlement } from './conversion';
import type { DisputeFx, ForeignAmount, PaymentFx } from './rate';

export type { ForeignAmount };

export type ForeignLine = PostingLine;

const dr = (accountId: string, cents: number, foreign?: ForeignAmount): ForeignLine => (foreign ? { accountId, debitCents: cents, creditCents: 0, foreign } : { accountId, debitCents: cents, creditCents: 0 });
const cr = (accountId: string, cents: number, foreign?: ForeignAmount): ForeignLine => (foreign ? { accountId, debitCents: 0, creditCents: cents, foreign } : { accountId, debitCents: 0, creditCents: cents });

export interface ForeignSale {
  currency: string;
  rate: string;
  /** The document's totals in its currency (hundredths). */
  totals: { netCents: number; vatCents: number; grossCents: number };
  /** Its VAT per category and rate in its currency (bases sum to the net, VAT to the VAT). */
  vat: readonly VatMovement[];
  revenueAccountId: string;
  /**
   * The receivable's euros when they are decided otherwise than by converting the gross: a credit
   * note takes its invoice's booked euros off (all that is left when it credits all that is open).
   */
  grossEuroCents?: number;
}

/**
 * An invoice in another currency: Dr Accounts Receivable the gross, Cr revenue the net, Cr VAT
 * Payable the VAT, each in euros at the document's rate and balanced to the cent (the gross and each
 * rate's VAT converted, the net what is left); the VAT return's movements in euros likewise.
 */
export const foreignSaleLines = (sale: ForeignSale): { lines: ForeignLine[]; vat: VatMovement[]; grossCents: number } => {
  const euro = euroDocument({ rate: sale.rate, lineNets: sale.vat.map((m) => m.baseCents), vatByRate: sale.vat.map((m) => m.vatCents) }, sale.grossEuroCents);
  const vat = sale.vat.map((m, i) => ({ ...m, baseCents: euro.lineNets[i]!, vatCents: euro.vatByRate[i]! }));
  return { lines: bookedSaleLines(sale, vat), vat, grossCents: euro.grossCents };
};

/**
 * The lines a foreign sale was booked with, from its VAT in euros (what the ledger remembers of
 * it): the same lines again, so a reversal takes off exactly what was posted.
 */
export const bookedSaleLines = (sale: Omit<ForeignSale, 'vat'>, euroVat: readonly VatMovement[]): ForeignLine[] => {
  const at = (amountCents: number): ForeignAmount => ({ currency: sale.currency, amountCents, rate: sale.rate });
  const grossCents = sale.grossEuroCents ?? toEuroCents(sale.totals.grossCents, sale.rate);
  const vatCents = euroVat.reduce((sum, m) => sum + m.vatCents, 0);
  const lines = [dr(SYSTEM_ACCOUNT_IDS.receivables, grossCents, at(sale.totals.grossCents)), cr(sale.revenueAccountId, grossCents - vatCents, at(sale.totals.netCents)), cr(SYSTEM_ACCOUNT_IDS.vatPayable, vatCents, at(sale.totals.vatCents))];
  return lines.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
};

export interface ForeignReceipt {
  currency: string;
  /** The money account's ledger account. */
  cashAccountId: string;
  /** The amount paid, in the document's currency (hundredths). */
  paidCents: number;
  /** The rate of the payment's day. */
  paymentRate: string;
  /** The document's rate: what the receivable was booked at. */
  bookedRate: string;
  /** What is open of the receivable before this payment, in its currency and in euros as booked. */
  open: OpenAmount;
}

/**
 * A payment of a foreign receivable: Dr the money account what the money is worth at the payment's
 * rate, Cr Accounts Receivable the part of its booked euros it clears, the difference to Exchange
 * Gains or Losses (realised).
 */
export const foreignReceiptLines = (r: ForeignReceipt): { lines: ForeignLine[]; settlement: Settlement } => {
  if (r.paidCents <= 0 || r.open.amount <= 0) throw new Error('a receipt pays a positive amount of a receivable');
  const settlement = settle(r.open, r.paidCents, r.paymentRate);
  const fx: PaymentFx = { currency: r.currency, rate: r.paymentRate, rateDate: '', bookedRate: r.bookedRate, receivedCents: settlement.receivedCents, relievedCents: settlement.relievedCents };
  return { lines: receiptLines(r.cashAccountId, r.paidCents, fx), settlement };
};

/**
 * A receipt's lines from what its payment recorded: the money at its rate, the receivable at its
 * booked one, the difference realised. `openAccountId`: where the open item is (a supplier's
 * refund of a credit note lowers what Accounts Payable holds of it). `recoveredCents`: of a payment
 * on a written-off invoice, the part (in the currency) that recovers the bad debt: its euros
 * (`fx.recoveredEuroCents`) go to Bad Debts, not to the receivable the write-off took off the books.
 */
export const receiptLines = (cashAccountId: string, paidCents: number, fx: PaymentFx, openAccountId: string = SYSTEM_ACCOUNT_IDS.receivables, recoveredCents = 0): ForeignLine[] => {
  const recoveredEuros = fx.recoveredEuroCents ?? 0;
  const difference = fx.receivedCents - fx.relievedCents - recoveredEuros;
  const lines = [
    dr(cashAccountId, fx.receivedCents, { currency: fx.currency, amountCents: paidCents, rate: fx.rate }),
    cr(openAccountId, fx.relievedCents, { currency: fx.currency, amountCents: paidCents - recoveredCents, rate: fx.bookedRate }),
    ...(recoveredEuros > 0 ? [cr(SYSTEM_ACCOUNT_IDS.badDebts, recoveredEuros)] : []),
    ...(difference > 0 ? [cr(SYSTEM_ACCOUNT_IDS.exchangeGains, difference)] : difference < 0 ? [dr(SYSTEM_ACCOUNT_IDS.exchangeLosses, -difference)] : []),
  ];
  return lines.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
};

/**
 * A refund of a foreign receivable's payment: Cr the money account what the money is worth at the
 * refund's rate, Dr Accounts Receivable the booked euros it puts back (a credit balance used up, or
 * the invoice owed again), the difference to Exchange Gains or Losses (realised). With Accounts
 * Payable as `openAccountId`, a payment of a foreign bill: the money out at its day's rate, the
 * payable's booked euros cleared.
 */
export const refundLines = (cashAccountId: string, refundedCents: number, fx: PaymentFx, openAccountId: string = SYSTEM_ACCOUNT_IDS.receivables): ForeignLine[] => {
  const difference = fx.relievedCents - fx.receivedCents;
  const lines = [
    dr(openAccountId, fx.relievedCents, { currency: fx.currency, amountCents: refundedCents, rate: fx.bookedRate }),
    cr(cashAccountId, fx.receivedCents, { currency: fx.currency, amountCents: refundedCents, rate: fx.rate }),
    ...(difference > 0 ? [cr(SYSTEM_ACCOUNT_IDS.exchangeGains, difference)] : difference < 0 ? [dr(SYSTEM_ACCOUNT_IDS.exchangeLosses, -difference)] : []),
  ];
  return lines.filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
};

/** The realised difference of euros that came (positive: Cr Exchange Gains) or went (negative: Dr Exchange Losses). */
const realised = (cents: number): ForeignLine[] => (cents > 0 ? [cr(SYSTEM_ACCOUNT_IDS.exchangeGains, cents)] : cents < 0 ? [dr(SYSTEM_ACCOUNT_IDS.exchangeLosses, -cents)] : []);

/** A dispute of a foreign card payment opened: the euros the gateway withdrew, out of its clearing account into Disputed Payments. */
export const disputeOpenedLines = (fx: DisputeFx): ForeignLine[] => [dr(SYSTEM_ACCOUNT_IDS.disputedPayments, fx.withdrawnCents), cr(SYSTEM_ACCOUNT_IDS.stripeClearing, fx.withdrawnCents)];

/**
 * A dispute of a foreign card payment closed. Won: the euros given back into the clearing account,
 * Disputed Payments cleared of those withdrawn. Lost: the receivable owed again at the booked euros
 * it puts back (keeping the amount in the invoice's currency), Disputed Payments cleared. Either way
 * the difference is realised.
 */
export const disputeClosedLines = (fx: DisputeFx, amountCents: number, outcome: 'won' | 'lost'): ForeignLine[] => {
  const withdrawn = fx.withdrawnCents;
  if (outcome === 'won') {
    const back = fx.returnedCents ?? withdrawn;
    return [dr(SYSTEM_ACCOUNT_IDS.stripeClearing, back), cr(SYSTEM_ACCOUNT_IDS.disputedPayments, withdrawn), ...realised(back - withdrawn)].filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
  }
  const owed = fx.relievedCents ?? 0;
  return [
    dr(SYSTEM_ACCOUNT_IDS.receivables, owed, { currency: fx.currency, amountCents, rate: fx.bookedRate ?? '' }),
    cr(SYSTEM_ACCOUNT_IDS.disputedPayments, withdrawn),
    ...realised(owed - withdrawn),
  ].filter((l) => l.debitCents !== 0 || l.creditCents !== 0);
};

/** One open foreign item at a period end: on which account, in which currency, signed as the account sees it (debit positive). */
export interface OpenItem extends OpenAmount {
  accountId: string;
  currency: string;
}

/**
 * The unrealised differences of open foreign items at a period end's rates: each item's euros at
 * the day's rate less its carrying euros, on its account against Exchange Gains or Losses. Items
 * in a currency without a rate are left out (the caller refuses the revaluation instead).
 */
export const revaluationLines = (items: readonly OpenItem[], rates: ReadonlyMap<string, string>): ForeignLine[] => {
  const byAccount = new Map<string, number>();
  for (const item of items) {
    const rate = rates.get(item.currency);
    if (rate === undefined) continue;
    const difference = revaluation(item, rate);
    if (difference !== 0) byAccount.set(item.accountId, (byAccount.get(item.accountId) ?? 0) + difference);
  }
  const lines: ForeignLine[] = [];
  let gains = 0;
  let losses = 0;
  for (const [accountId, cents] of byAccount) {
    if (cents > 0) {
      lines.push(dr(accountId, cents));
      gains += cents;
    } else if (cents < 0) {
      lines.push(cr(accountId, -cents));
      losses += -cents;
    }
  }
  if (gains > 0) lines.push(cr(SYSTEM_ACCOUNT_IDS.exchangeGains, gains));
  if (losses > 0) lines.push(dr(SYSTEM_ACCOUNT_IDS.exchangeLosses, losses));
  return lines;
};
