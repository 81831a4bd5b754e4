import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DEFAULT_CHART, SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { effectsOf, foldEffects, totalsInRange } from '../../domain/accounting/balances';
import { closingLines } from '../../domain/accounting/fiscal-year';
import type { LedgerEvent } from '../../domain/accounting/postings';
import type { DocumentParties, VatCategory } from '../../domain/invoice/vat';
import type { InvoiceEvent, InvoiceTotals, PaymentMethod } from '../../domain/invoice/events';
import { decide } from '../../domain/journal/decide';
import { replay } from '../../domain/journal/entry';
import type { JournalEvent, JournalLine } from '../../domain/journal/events';
import type { BooksEvent, RevaluedItem } from '../../domain/books/events';
import { carryingCentsOf, decideBill, foldBill, openCentsOf, type BillCommand, type BillInput, type BillState } from '../../domain/bill/bill';
import type { BillEvent, BillLine } from '../../domain/bill/events';
import { addDays } from '../../domain/shared/dates';
import type { RecordedEvent } from '../../eventstore/event-store';
import { revaluationLines } from '../../domain/currency/foreign-postings';
import { relief, settle, toEuroCents, type OpenAmount } from '../../domain/currency/conversion';
import type { DocumentRate } from '../../domain/currency/rate';

/**
 * Random but valid histories of invoice and journal events, generated through the real journal
 * `decide` and in the exact invoice event shapes billing emits. Shared by the pure property tests
 * and the database ones (which append the same events and compare reports).
 */

export interface StreamEvent {
  streamId: string;
  event: InvoiceEvent | JournalEvent | BooksEvent | BillEvent;
}

type Action =
  | { kind: 'journal'; date: number; pairs: Pair[] }
  | { kind: 'correct'; pick: number; date: number; pairs: Pair[] }
  /** A credit note for part of an invoice (its lines' categories and rates, negative output VAT). */
  | { kind: 'credit'; pick: number; date: number; part: number }
  /** A payment to (or refund from) the tax authority: Dr/Cr VAT Payable marked as a settlement against the bank. */
  | { kind: 'settle'; date: number; amount: number; refund: boolean }
  | { kind: 'deleteJournal'; pick: number }
  /** `currency` 0 is the euro; 1 to 4 USD, GBP, CHF, JPY at a rate `rateStep` per mille off its level. */
  | { kind: 'issue'; date: number; net: number; vatBp: number; zeroCategory: VatCategory; subscription: boolean; currency?: number; rateStep?: number }
  /** Open foreign receivables revalued at a day's rates (posted on it, reversed the next day). */
  | { kind: 'revalue'; date: number; rateStep: number }
  | { kind: 'edit'; pick: number; date: number; net: number }
  /** Only the due date moves (and, `client`, the client changes, as on a draft): the invoice's aging terms. */
  | { kind: 'due'; pick: number; days: number; client: boolean }
  | { kind: 'pay'; pick: number; date: number; part: number; method: number }
  | { kind: 'void'; pick: number; date: number; deleted: boolean }
  /** The period lock moves (forwards or back, or off): later postings on locked days land after it. */
  | { kind: 'lock'; date: number | null }
  /** Year-end close of a calendar year (2023 + year), as BooksService does it: lock through its end, then the closing entry of its totals. */
  | { kind: 'close'; year: number }
  /** Reopens the latest closed year (the lock moves back before it). */
  | { kind: 'reopen' }
  /** A supplier's bill, posted: lines on expense and asset accounts, charged VAT or reverse charge (AE, self-assessed); `currency` as an invoice's. */
  | { kind: 'bill'; date: number; supplier: number; lines: Array<[number, number, BillVat]>; currency?: number; rateStep?: number }
  /** A supplier credit note for part of a posted bill's first line, naming it, on or after its day. */
  | { kind: 'billCredit'; pick: number; date: number; part: number }
  /** A payment of part of what a posted bill has open, from the bank; on a credit note, a refund of part of its credit. */
  | { kind: 'payBill'; pick: number; date: number; part: number; rateStep?: number }
  /** A bill payment (or refund) taken back out, as when its bank statement line is unreconciled. */
  | { kind: 'unpayBill'; pick: number };

type BillVat = 'S24' | 'S13' | 'Z' | 'E' | 'AE24';
const BILL_VAT: Record<BillVat, { vatRateBp: number; vatCategory: VatCategory }> = {
  S24: { vatRateBp: 2400, vatCategory: 'S' },
  S13: { vatRateBp: 1300, vatCategory: 'S' },
  Z: { vatRateBp: 0, vatCategory: 'Z' },
  E: { vatRateBp: 0, vatCategory: 'E' },
  AE24: { vatRateBp: 2400, vatCategory: 'AE' },
};

export const FIRST_DAY = '2023-01-01';
export const DAY_SPAN = 4 * 365;
const METHODS: PaymentMethod[] = ['stripe', 'bank', 'manual'];
const ACCOUNT_IDS = DEFAULT_CHART.map((a) => a.id);

const day = fc.integer({ min: 0, max: DAY_SPAN - 1 });
const cents = fc.integer({ min: 1, max: 5_000_000 });
/** A VAT tag on a pair's debit line: none, a purchase category and rate, or (on the VAT account) a settlement. */
type VatTag = 'none' | 'S24' | 'S13' | 'Z' | 'E' | 'settlement';
type Pair = [number, number, number] | [number, number, number, VatTag];
const vatTag = fc.constantFrom<VatTag>('none', 'none', 'S24', 'S13', 'Z', 'E', 'settlement');
/** Lines on VAT Payable are frequent enough that the VAT return's invariant meets them. */
const accountIndex = fc.oneof({ weight: 4, arbitrary: fc.nat(ACCOUNT_IDS.length - 1) }, { weight: 1, arbitrary: fc.constant(ACCOUNT_IDS.indexOf(SYSTEM_ACCOUNT_IDS.vatPayable)) });
const pairs = fc.array(fc.tuple(accountIndex, accountIndex, cents, vatTag), { minLength: 1, maxLength: 3 });
const pick = fc.nat(1000);
/** What a bill line may be booked to: the chart's expense and asset accounts that no automatic posting owns. */
const PURCHASE_ACCOUNT_IDS = DEFAULT_CHART.filter((a) => (a.type === 'expense' || a.type === 'asset') && a.cashFlowClass !== 'cash' && (a.systemKey === null || a.systemKey === 'paymentFees')).map((a) => a.id);
const billLines = fc.array(fc.tuple(fc.nat(PURCHASE_ACCOUNT_IDS.length - 1), cents, fc.constantFrom<BillVat>('S24', 'S13', 'Z', 'E', 'AE24')), { minLength: 1, maxLength: 3 });

/** Suppliers' bills and credit notes, posted, paid, refunded and their payments taken back. */
const billActions: Array<fc.Arbitrary<Action>> = [
  fc.record({ kind: fc.constant('bill' as const), date: day, supplier: fc.nat(2), lines: billLines, currency: fc.constantFrom(0, 0, 0, 1, 2, 3, 4), rateStep: fc.integer({ min: -150, max: 150 }) }),
  fc.record({ kind: fc.constant('billCredit' as const), pick, date: day, part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('payBill' as const), pick, date: day, part: fc.integer({ min: 1, max: 100 }), rateStep: fc.integer({ min: -150, max: 150 }) }),
  fc.record({ kind: fc.constant('unpayBill' as const), pick }),
];

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('journal' as const), date: day, pairs }),
  fc.record({ kind: fc.constant('correct' as const), pick, date: day, pairs }),
  fc.record({ kind: fc.constant('deleteJournal' as const), pick }),
  fc.record({
    kind: fc.constant('issue' as const),
    date: day,
    net: cents,
    vatBp: fc.constantFrom(0, 500, 1900, 2400),
    zeroCategory: fc.constantFrom<VatCategory>('Z', 'E', 'AE'),
    subscription: fc.boolean(),
    currency: fc.constantFrom(0, 0, 0, 1, 2, 3, 4),
    rateStep: fc.integer({ min: -150, max: 150 }),
  }),
  fc.record({ kind: fc.constant('revalue' as const), date: day, rateStep: fc.integer({ min: -150, max: 150 }) }),
  fc.record({ kind: fc.constant('credit' as const), pick, date: day, part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('settle' as const), date: day, amount: cents, refund: fc.boolean() }),
  fc.record({ kind: fc.constant('edit' as const), pick, date: day, net: cents }),
  fc.record({ kind: fc.constant('due' as const), pick, days: fc.integer({ min: 0, max: 150 }), client: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), pick, date: day, part: fc.integer({ min: 1, max: 100 }), method: fc.nat(2) }),
  fc.record({ kind: fc.constant('void' as const), pick, date: day, deleted: fc.boolean() }),
  fc.record({ kind: fc.constant('lock' as const), date: fc.option(day, { freq: 5 }) }),
  ...billActions,
);

const yearEndAction: fc.Arbitrary<Action> = fc.oneof(
  { weight: 10, arbitrary: action },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), year: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const) }) },
);

/** A deterministic UUID per counter so shrinking and replays stay stable. */
const uuid = (prefix: number, n: number): string => `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const TAGS: Record<Exclude<VatTag, 'none' | 'settlement'>, Pick<JournalLine, 'vatCategory' | 'vatRateBp'>> = {
  S24: { vatCategory: 'S', vatRateBp: 2400 },
  S13: { vatCategory: 'S', vatRateBp: 1300 },
  Z: { vatCategory: 'Z', vatRateBp: 0 },
  E: { vatCategory: 'E', vatRateBp: 0 },
};

const tagged = (accountId: string, tag: VatTag): Partial<JournalLine> => {
  if (tag === 'none') return {};
  if (tag === 'settlement') return accountId === SYSTEM_ACCOUNT_IDS.vatPayable ? { vatSettlement: true } : {};
  return TAGS[tag];
};

const toLines = (ps: Pair[]): JournalLine[] =>
  ps.flatMap(([a, b, amount, tag = 'none']) => [
    { accountId: ACCOUNT_IDS[a]!, debitCents: amount, creditCents: 0, ...tagged(ACCOUNT_IDS[a]!, tag) },
    { accountId: ACCOUNT_IDS[b]!, debitCents: 0, creditCents: amount },
  ]);

const totalsOf = (net: number, vatBp: number): InvoiceTotals => {
  const vat = Math.floor((net * vatBp + 5000) / 10000);
  return { netCents: net, vatCents: vat, grossCents: net + vat };
};

/** The currencies of foreign invoices, around their real level against the euro. */
const CURRENCIES = [null, { code: 'USD', level: 1.1 }, { code: 'GBP', level: 0.86 }, { code: 'CHF', level: 0.94 }, { code: 'JPY', level: 170 }] as const;
const rateAt = (level: number, step: number): string => (level * (1 + step / 1000)).toFixed(level > 10 ? 2 : 4);

interface OpenInvoice {
  id: string;
  /** In another currency: its rate, what was paid and credited of it (its cents) and the booked euros payments and credit notes cleared. */
  fx?: DocumentRate & { level: number };
  paid: number;
  credited: number;
  relieved: number;
  number: string;
  date: string;
  totals: InvoiceTotals;
  vatBp: number;
  category: VatCategory;
  /** Gross still creditable. */
  creditable: number;
  period: { subscriptionId: string; start: string; end: string } | null;
  clientId: string;
  dueDate: string;
  /** Seller and buyer, on a reverse-charge invoice (buyers in two member states, or none kept: the EC Sales List's rows). */
  parties: DocumentParties | null;
}

const SELLER = { name: 'Seller', address: '', country: 'GR', vatNumber: 'EL094014201', registrationNumber: '' };
/** The buyer of the n-th reverse-charge invoice: one number written two ways, another state's, or none kept (an invoice written before parties were). */
const buyerParties = (n: number): DocumentParties | null =>
  [
    { seller: SELLER, buyer: { name: 'Kunde GmbH', address: '', country: 'DE', vatNumber: 'DE812871812' } },
    { seller: SELLER, buyer: { name: 'Wien AG', address: '', country: 'AT', vatNumber: 'ATU13585627' } },
    null,
    { seller: SELLER, buyer: { name: 'Kunde GmbH', address: '', country: 'DE', vatNumber: '812 871 812' } },
  ][n % 4]!;

/** What is open of a foreign invoice: owed (negative: the client's credit) in its currency, and its booked euros. */
const openOf = (inv: OpenInvoice): OpenAmount => ({ amount: inv.totals.grossCents - inv.credited - inv.paid, carryingCents: toEuroCents(inv.totals.grossCents, inv.fx!.rate) - inv.relieved });

/** The invoice event's `fx`: its currency and rate, or nothing for the euro. */
const fxOf = (inv: OpenInvoice): { fx?: DocumentRate } => (inv.fx ? { fx: { currency: inv.fx.currency, rate: inv.fx.rate, rateDate: inv.fx.rateDate } } : {});

export const interpret = (actions: Action[]): StreamEvent[] => {
  const out: StreamEvent[] = [];
  const journals: Array<{ id: string; events: JournalEvent[] }> = [];
  const invoices: OpenInvoice[] = [];
  /** Bills as the write path keeps them: each its events, decided by the domain; a foreign one its currency's level. */
  const bills: Array<{ id: string; credit: boolean; events: BillEvent[]; level?: number }> = [];
  const billState = (bill: { events: BillEvent[] }) => foldBill(bill.events) as Extract<BillState, { status: 'draft' | 'posted' }>;
  const onBill = (bill: { id: string; events: BillEvent[] }, command: BillCommand) => {
    const events = decideBill(command, foldBill(bill.events));
    bill.events.push(...events);
    out.push(...events.map((event) => ({ streamId: `bill-${bill.id}`, event })));
  };
  /** Entered as a draft, then posted at `rate` (another currency's), as BillService does it. */
  const enterAndPost = (bill: (typeof bills)[number], input: BillInput, rate?: DocumentRate) => {
    bills.push(bill);
    onBill(bill, { type: 'DraftBill', data: { billId: bill.id, ...input } });
    onBill(bill, { type: 'PostBill', ...(rate ? { data: { rate } } : {}) });
  };
  const billPayments: Array<{ billId: string; paymentId: string }> = [];
  let n = 0;
  let lockedThrough: string | null = null;
  const revalued = new Set<string>();
  const closed: Array<{ entryId: string; from: string; to: string; lines: JournalLine[] }> = [];
  const at = '2026-01-01T00:00:00.000Z';
  const dateOf = (d: number) => addDays(FIRST_DAY, d);
  const journal = (entry: { id: string; events: JournalEvent[] }, events: JournalEvent[]) => {
    entry.events.push(...events);
    out.push(...events.map((event) => ({ streamId: `journal-${entry.id}`, event })));
  };
  for (const a of actions) {
    n += 1;
    const active = journals.filter((j) => replay(j.events).status === 'active');
    switch (a.kind) {
      case 'journal': {
        const entry = { id: uuid(1, n), events: [] as JournalEvent[] };
        journals.push(entry);
        journal(entry, decide(replay([]), { type: 'RecordJournalEntry', entryId: entry.id, date: dateOf(a.date), description: `Entry ${n}`, lines: toLines(a.pairs), actor: 'prop', at }));
        break;
      }
      case 'correct': {
        const entry = active[a.pick % Math.max(active.length, 1)];
        if (entry) journal(entry, decide(replay(entry.events), { type: 'CorrectJournalEntry', entryId: entry.id, date: dateOf(a.date), description: `Fix ${n}`, lines: toLines(a.pairs), actor: 'prop', at }));
        break;
      }
      case 'settle': {
        const entry = { id: uuid(1, n), events: [] as JournalEvent[] };
        journals.push(entry);
        const vat = { accountId: SYSTEM_ACCOUNT_IDS.vatPayable, debitCents: a.refund ? 0 : a.amount, creditCents: a.refund ? a.amount : 0, vatSettlement: true };
        const bank = { accountId: SYSTEM_ACCOUNT_IDS.bank, debitCents: vat.creditCents, creditCents: vat.debitCents };
        journal(entry, decide(replay([]), { type: 'RecordJournalEntry', entryId: entry.id, date: dateOf(a.date), description: `VAT settlement ${n}`, lines: [vat, bank], actor: 'prop', at }));
        break;
      }
      case 'deleteJournal': {
        const entry = active[a.pick % Math.max(active.length, 1)];
        if (entry) journal(entry, decide(replay(entry.events), { type: 'DeleteJournalEntry', entryId: entry.id, actor: 'prop', at }));
        break;
      }
      case 'issue': {
        const foreign = CURRENCIES[a.currency ?? 0];
        const inv: OpenInvoice = {
          id: uuid(2, n),
          ...(foreign ? { fx: { currency: foreign.code, rate: rateAt(foreign.level, a.rateStep ?? 0), rateDate: dateOf(a.date), level: foreign.level } } : {}),
          paid: 0,
          credited: 0,
          relieved: 0,
          number: `INV-${n}`,
          date: dateOf(a.date),
          totals: totalsOf(a.net, a.vatBp),
          vatBp: a.vatBp,
          category: a.vatBp > 0 ? 'S' : a.zeroCategory,
          creditable: 0,
          period: a.subscription ? { subscriptionId: uuid(3, n), start: dateOf(a.date), end: dateOf(a.date + 30) } : null,
          clientId: uuid(4, 1),
          dueDate: dateOf(a.date),
          parties: a.vatBp === 0 && a.zeroCategory === 'AE' ? buyerParties(n) : null,
        };
        inv.creditable = inv.totals.grossCents;
        invoices.push(inv);
        const lines = [{ description: 'Service', quantity: 1, unitPriceCents: a.net, vatRateBp: a.vatBp, vatCategory: inv.category, ...inv.totals }];
        out.push({
          streamId: `invoice-${inv.id}`,
          event: { type: 'InvoiceIssued', data: { invoiceId: inv.id, invoiceNumber: inv.number, clientId: uuid(4, 1), date: inv.date, dueDate: inv.date, lines, totals: inv.totals, period: inv.period, parties: inv.parties, ...fxOf(inv) } },
        });
        break;
      }
      case 'edit': {
        const inv = invoices[a.pick % Math.max(invoices.length, 1)];
        if (!inv) break;
        const totals = totalsOf(a.net, inv.vatBp);
        const lines = [{ description: 'Service', quantity: 1, unitPriceCents: a.net, vatRateBp: inv.vatBp, vatCategory: inv.category, ...totals }];
        // A foreign draft takes the rate of its new date.
        const previousFx = fxOf(inv);
        if (inv.fx) inv.fx = { ...inv.fx, rate: rateAt(inv.fx.level, (a.net % 301) - 150), rateDate: dateOf(a.date) };
        out.push({
          streamId: `invoice-${inv.id}`,
          event: {
            type: 'InvoiceEdited',
            data: { invoiceId: inv.id, invoiceNumber: inv.number, clientId: uuid(4, 1), date: dateOf(a.date), dueDate: dateOf(a.date), lines, totals, previousTotals: inv.totals, previousDate: inv.date, ...fxOf(inv), ...(previousFx.fx ? { previousFx: previousFx.fx } : {}) },
          },
        });
        inv.totals = totals;
        inv.creditable = totals.grossCents;
        inv.date = dateOf(a.date);
        inv.clientId = uuid(4, 1);
        inv.dueDate = inv.date;
        break;
      }
      case 'due': {
        const inv = invoices[a.pick % Math.max(invoices.length, 1)];
        if (!inv) break;
        const lines = [{ description: 'Service', quantity: 1, unitPriceCents: inv.totals.netCents, vatRateBp: inv.vatBp, vatCategory: inv.category, ...inv.totals }];
        inv.dueDate = addDays(inv.date, a.days);
        if (a.client) inv.clientId = inv.clientId === uuid(4, 1) ? uuid(4, 2) : uuid(4, 1);
        out.push({
          streamId: `invoice-${inv.id}`,
          event: {
            type: 'InvoiceEdited',
            data: { invoiceId: inv.id, invoiceNumber: inv.number, clientId: inv.clientId, date: inv.date, dueDate: inv.dueDate, lines, totals: inv.totals, previousTotals: inv.totals, previousDate: inv.date, ...fxOf(inv), ...(inv.fx ? { previousFx: fxOf(inv).fx } : {}) },
          },
        });
        break;
      }
      case 'credit': {
        const inv = invoices[a.pick % Math.max(invoices.length, 1)];
        if (!inv || inv.creditable <= 0) break;
        const net = Math.max(1, Math.floor((inv.totals.netCents * a.part) / 100));
        const totals = totalsOf(net, inv.vatBp);
        if (totals.grossCents > inv.creditable) break;
        inv.creditable -= totals.grossCents;
        // In another currency: at the invoice's rate, its share of the booked euros (beyond what is open: the client's credit).
        const fx = inv.fx ? { fx: { ...fxOf(inv).fx!, relievedCents: relief(openOf(inv), totals.grossCents, inv.fx.rate) } } : {};
        if (fx.fx) {
          inv.credited += totals.grossCents;
          inv.relieved += fx.fx.relievedCents;
        }
        const lines = [{ description: 'Service', quantity: 1, unitPriceCents: net, vatRateBp: inv.vatBp, vatCategory: inv.category, ...totals }];
        out.push({
          streamId: `invoice-${inv.id}`,
          event: {
            type: 'InvoiceCredited',
            data: { invoiceId: inv.id, creditNoteId: uuid(6, n), creditNoteNumber: `CN-${n}`, invoiceNumber: inv.number, invoiceDate: inv.date, clientId: uuid(4, 1), date: dateOf(a.date), reason: 'Refund', lines, totals, full: inv.creditable === 0, period: inv.period, ...(inv.parties ? { parties: inv.parties } : {}), ...fx },
          },
        });
        break;
      }
      case 'pay': {
        const inv = invoices[a.pick % Math.max(invoices.length, 1)];
        if (!inv) break;
        const amount = Math.max(1, Math.floor((inv.totals.grossCents * a.part) / 100));
        if (inv.fx) {
          // By bank transfer, at most what is open, at its day's rate: the booked euros it clears and the difference realised.
          const open = openOf(inv);
          if (open.amount <= 0) break;
          const paid = Math.min(amount, open.amount);
          const rate = rateAt(inv.fx.level, a.part - 50);
          const settled = settle(open, paid, rate);
          const fx = { currency: inv.fx.currency, rate, rateDate: dateOf(a.date), bookedRate: inv.fx.rate, receivedCents: settled.receivedCents, relievedCents: settled.relievedCents };
          inv.paid += paid;
          inv.relieved += settled.relievedCents;
          out.push({ streamId: `invoice-${inv.id}`, event: { type: 'PaymentRecorded', data: { invoiceId: inv.id, paymentId: uuid(5, n), amountCents: paid, date: dateOf(a.date), method: 'bank', reference: null, fx } } });
          break;
        }
        out.push({
          streamId: `invoice-${inv.id}`,
          event: { type: 'PaymentRecorded', data: { invoiceId: inv.id, paymentId: uuid(5, n), amountCents: amount, date: dateOf(a.date), method: METHODS[a.method]!, reference: a.method === 0 ? `pi_${n}` : null } },
        });
        break;
      }
      case 'void': {
        const index = a.pick % Math.max(invoices.length, 1);
        const inv = invoices[index];
        if (!inv) break;
        invoices.splice(index, 1);
        out.push({
          streamId: `invoice-${inv.id}`,
          event: { type: 'InvoiceVoided', data: { invoiceId: inv.id, reason: a.deleted ? 'deleted' : 'voided', date: dateOf(a.date), totals: inv.totals, originalDate: inv.date, ...fxOf(inv) } },
        });
        break;
      }
      case 'revalue': {
        const date = dateOf(a.date);
        if (revalued.has(date)) break;
        // Open either way: owed, or the client's credit.
        const open = invoices.filter((i) => i.fx && (openOf(i).amount !== 0 || openOf(i).carryingCents !== 0));
        const rates = new Map(open.map((i) => [i.fx!.currency, rateAt(i.fx!.level, a.rateStep)]));
        const items: RevaluedItem[] = open.map((i) => ({ invoiceId: i.id, currency: i.fx!.currency, amountCents: openOf(i).amount, carryingCents: openOf(i).carryingCents }));
        // Bills open in another currency: owed is a credit on Accounts Payable, a credit note's credit a debit.
        for (const bill of bills) {
          const state = billState(bill);
          if (!state.fx) continue;
          const sign = bill.credit ? 1 : -1;
          const owed = { amount: openCentsOf(state), carrying: carryingCentsOf(state) };
          if (owed.amount === 0 && owed.carrying === 0) continue;
          rates.set(state.fx.currency, rateAt(bill.level!, a.rateStep));
          items.push({ billId: bill.id, currency: state.fx.currency, amountCents: sign * owed.amount, carryingCents: sign * owed.carrying });
        }
        const lines = revaluationLines(
          items.map((i) => ({ accountId: i.billId ? SYSTEM_ACCOUNT_IDS.payables : SYSTEM_ACCOUNT_IDS.receivables, currency: i.currency, amount: i.amountCents, carryingCents: i.carryingCents })),
          rates,
        );
        if (lines.length === 0) break;
        revalued.add(date);
        out.push({
          streamId: 'books',
          event: {
            type: 'ForeignBalancesRevalued',
            data: { entryId: uuid(7, n), date, reversalDate: addDays(date, 1), rates: [...rates].map(([currency, rate]) => ({ currency, rate, rateDate: date })), items, lines, actor: 'prop', at },
          },
        });
        break;
      }
      case 'lock': {
        const next = a.date === null ? null : dateOf(a.date);
        out.push({ streamId: 'books', event: { type: 'BooksLocked', data: { lockedThrough: next, previous: lockedThrough, actor: 'prop', at } } });
        lockedThrough = next;
        break;
      }
      case 'close': {
        const from = `${2023 + a.year}-01-01`;
        const to = `${2023 + a.year}-12-31`;
        // Closing twice is harmless; a year before a closed one is refused.
        if (closed.some((y) => y.from === from) || closed.some((y) => y.from > from)) break;
        if (lockedThrough === null || lockedThrough < to) {
          out.push({ streamId: 'books', event: { type: 'BooksLocked', data: { lockedThrough: to, previous: lockedThrough, actor: 'prop', at } } });
          lockedThrough = to;
        }
        const totals = totalsInRange(foldEffects(effectsOf(out.map((e) => e.event as LedgerEvent))), from, to);
        const year = { entryId: uuid(9, a.year), from, to, lines: closingLines(DEFAULT_CHART, totals, SYSTEM_ACCOUNT_IDS.retainedEarnings) };
        closed.push(year);
        out.push({ streamId: 'books', event: { type: 'FiscalYearClosed', data: { ...year, lockedThrough, previous: lockedThrough, actor: 'prop', at } } });
        break;
      }
      case 'reopen': {
        const year = closed.pop();
        if (!year) break;
        const lock = lockedThrough as string | null;
        const next = lock !== null && lock >= year.from ? addDays(year.from, -1) : lock;
        out.push({ streamId: 'books', event: { type: 'FiscalYearReopened', data: { ...year, reason: 'Late invoice', lockedThrough: next, previous: lockedThrough, actor: 'prop', at } } });
        lockedThrough = next;
        break;
      }
      case 'bill': {
        const date = dateOf(a.date);
        const foreign = CURRENCIES[a.currency ?? 0];
        const input: BillInput = {
          supplierId: uuid(11, 1 + a.supplier),
          supplierInvoiceNumber: `SUP-${n}`,
          date,
          dueDate: dateOf(a.date + 30),
          lines: a.lines.map(([account, net, vat]) => ({ description: 'Purchase', accountId: PURCHASE_ACCOUNT_IDS[account]!, quantityMilli: 1000, unitPriceCents: net, ...BILL_VAT[vat] })),
          ...(foreign ? { currency: foreign.code } : {}),
        };
        const rate = foreign ? { currency: foreign.code, rate: rateAt(foreign.level, a.rateStep ?? 0), rateDate: date } : undefined;
        enterAndPost({ id: uuid(10, n), credit: false, events: [], ...(foreign ? { level: foreign.level } : {}) }, input, rate);
        break;
      }
      case 'billCredit': {
        const posted = bills.filter((b) => !b.credit);
        const bill = posted[a.pick % Math.max(posted.length, 1)];
        if (!bill) break;
        const credited = billState(bill);
        const date = dateOf(a.date) < credited.date ? credited.date : dateOf(a.date);
        const line: BillLine = credited.lines[0]!;
        const input: BillInput = {
          supplierId: credited.supplierId,
          supplierInvoiceNumber: `CN-${n}`,
          date,
          dueDate: date,
          lines: [{ description: 'Credit', accountId: line.accountId, quantityMilli: 1000, unitPriceCents: Math.max(1, Math.floor((line.netCents * a.part) / 100)), vatRateBp: line.vatRateBp, vatCategory: line.vatCategory }],
          documentType: 'credit_note',
          creditedBillId: bill.id,
          ...(credited.currency ? { currency: credited.currency } : {}),
        };
        // At the rate of the bill it corrects, as BillService posts it.
        enterAndPost({ id: uuid(10, n), credit: true, events: [], ...(bill.level ? { level: bill.level } : {}) }, input, credited.fx);
        break;
      }
      case 'payBill': {
        const open = bills.filter((b) => openCentsOf(billState(b)) > 0);
        const bill = open[a.pick % Math.max(open.length, 1)];
        if (!bill) break;
        const state = billState(bill);
        const amount = Math.max(1, Math.floor((openCentsOf(state) * a.part) / 100));
        const date = dateOf(a.date) < state.date ? state.date : dateOf(a.date);
        const paymentId = uuid(12, n);
        const rate = state.fx ? { rate: rateAt(bill.level!, a.rateStep ?? 0), rateDate: date } : undefined;
        onBill(bill, { type: 'RecordBillPayment', data: { paymentId, amountCents: amount, date, cashAccountId: SYSTEM_ACCOUNT_IDS.bank, reference: null, ...(rate ? { rate } : {}) } });
        billPayments.push({ billId: bill.id, paymentId });
        break;
      }
      case 'unpayBill': {
        const payment = billPayments.splice(a.pick % Math.max(billPayments.length, 1), 1)[0];
        if (!payment) break;
        onBill(bills.find((b) => b.id === payment.billId)!, { type: 'RemoveBillPayment', data: { paymentId: payment.paymentId, reason: 'statement_line_unreconciled' } });
        break;
      }
      default: {
        const exhaustive: never = a;
        throw new Error(`unknown action ${String(exhaustive)}`);
      }
    }
  }
  return out;
};

/** A history as the event store hands it to projections: in order, each its own position and stream revision. */
export const recordedEvents = (history: StreamEvent[]): RecordedEvent[] =>
  history.map((h, i) => ({
    eventId: randomUUID(),
    streamId: h.streamId,
    streamRevision: i,
    position: String(i),
    type: h.event.type,
    data: h.event.data,
    metadata: { actor: 'prop', schemaVersion: 1, recordedAt: '2026-01-01T00:00:00.000Z' },
  }));

/** `yearEnd`: the histories also close and reopen fiscal years (calendar years 2023–2026). */
export const historyArb = (maxLength = 60, minLength = 1, options: { yearEnd?: boolean } = {}): fc.Arbitrary<StreamEvent[]> =>
  fc.array(options.yearEnd ? yearEndAction : action, { minLength, maxLength }).map(interpret);

/** Histories of suppliers' bills alone (three suppliers): bills, credit notes, payments, refunds and payments taken back. */
export const billHistoryArb = (maxLength = 60): fc.Arbitrary<StreamEvent[]> => fc.array(fc.oneof(...billActions), { minLength: 1, maxLength }).map(interpret);

export const dayArb = day.map((d) => addDays(FIRST_DAY, d));
