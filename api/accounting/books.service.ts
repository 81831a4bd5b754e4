import { v5 as uuidv5 } from 'uuid';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { closingLines, fiscalYearOf, fiscalYearStarting, isMonth, type FiscalYear } from '../../domain/accounting/fiscal-year';
import { decideBooks, type BooksCommand } from '../../domain/books/decide';
import type { Books } from '../../domain/books/books';
import { BOOKS_STREAM_ID } from '../../domain/books/events';
import { dayOf } from '../../domain/shared/dates';
import { ValidationError } from '../../domain/shared/errors';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import { foreignOpenInvoices } from '../../projections/ledger/receivables/queries';
import { foreignOpenBills } from '../../projections/bills/queries';
import { writeAudit } from '../platform/audit';
import type { CommandHandler } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import type { AppDeps } from '../platform/deps';
import type { AccountService } from './account.service';
import { BOOKS_AUDIT_REACTOR } from './books-audit.reactor';
import { booksModel, readBooks } from '../write/period-lock';
import { readModelsReach } from '../platform/write-outcome';
import { unreconciledLinesThrough } from '../bank';
import { ExchangeRateService } from '../currencies';
import { revaluationLines } from '../../domain/currency/foreign-postings';
import { toEuroCents } from '../../domain/currency/conversion';
import type { RevaluedItem } from '../../domain/books/events';
import { addDays } from '../../domain/shared/dates';

const CLOSING_NAMESPACE = '0b7d4c1a-6e2f-4a8b-9c3d-5e6f7a8b9c0d';
export const closingEntryId = (from: string): string => uuidv5(`year-end-close:${from}`, CLOSING_NAMESPACE);
export const revaluationEntryId = (date: string): string => uuidv5(`fx-revaluation:${date}`, CLOSING_NAMESPACE);

/** A revaluation as answered: what was open in each foreign currency, its booked and revalued euros, and the entry posted. */
export interface Revaluation {
  date: string;
  reversalDate: string;
  /** False when nothing foreign was open (or nothing changed in euros): no entry was posted. */
  posted: boolean;
  rates: Array<{ currency: string; rate: string; rateDate: string }>;
  items: Array<RevaluedItem & { revaluedCents: number }>;
  gainCents: number;
  lossCents: number;
}

export interface AccountingSettings {
  lockedThrough: string | null;
  fiscalYearStartMonth: number;
  /** The fiscal year today falls in. */
  currentFiscalYear: FiscalYear;
  closedYears: Array<FiscalYear & { entryId: string }>;
  /** Bank statement lines on or before the lock not reconciled yet (0 without a lock): the admin is warned, not stopped. */
  unreconciledLinesThroughLock: number;
}

/**
 * The period lock, the fiscal year and the year-end close: one `books` stream, every change also in
 * the audit log (the books_audit reactor). The stream is the lock's source of record, for this
 * service and for every command's lock check alike: no read model stands between them.
 */
export class BooksService {
  private readonly commands: CommandHandler;

  constructor(
    private readonly deps: AppDeps,
    private readonly accounts: AccountService,
  ) {
    this.commands = writePathOf(deps).commands;
  }

  /**
   * The books as the `books` stream records them: the same read the write path's lock check makes
   * (api/write/period-lock.ts), so a lock this service answered is the one every command meets next.
   */
  private books(): Promise<Books> {
    return readBooks(this.deps.eventStore);
  }

  private today(): string {
    return dayOf(this.deps.clock());
  }

  async fiscalYearStartMonth(): Promise<number> {
    const row: { fiscal_year_start_month: number } | undefined = await this.deps.db('company_settings').where({ id: 1 }).first('fiscal_year_start_month');
    return row?.fiscal_year_start_month ?? 1;
  }

  async settings(): Promise<AccountingSettings> {
    const [state, month] = await Promise.all([this.books(), this.fiscalYearStartMonth()]);
    return {
      lockedThrough: state.lockedThrough,
      fiscalYearStartMonth: month,
      currentFiscalYear: fiscalYearOf(month, this.today()),
      closedYears: state.closed.map(({ entryId, from, to }) => ({ entryId, from, to })),
      unreconciledLinesThroughLock: state.lockedThrough ? await unreconciledLinesThrough(this.deps.db, state.lockedThrough) : 0,
    };
  }

  async setLock(lockedThrough: string | null, actor: string): Promise<AccountingSettings> {
    await this.run(actor, () => ({ type: 'LockBooks', lockedThrough, today: this.today(), actor, at: this.now() }));
    return this.settings();
  }

  async setFiscalYearStartMonth(month: unknown, actor: string): Promise<AccountingSettings> {
    if (!isMonth(month)) throw new ValidationError('Please correct the errors below.', { fiscalYearStartMonth: ['Choose a month from 1 (January) to 12 (December).'] });
    const state = await this.books();
    const before = await this.fiscalYearStartMonth();
    if (month !== before && state.closed.length > 0) {
      throw new ValidationError('Please correct the errors below.', { fiscalYearStartMonth: ['Fiscal years are closed with the current first month: reopen them before changing it.'] }, 'FIRST_MONTH_FIXED');
    }
    if (month !== before) {
      await this.deps.db.transaction(async (trx) => {
        await trx('company_settings').where({ id: 1 }).update({ fiscal_year_start_month: month });
        await writeAudit(trx, { actor, entity: 'company_settings', entityId: '1', action: 'update', before: { fiscal_year_start_month: before }, after: { fiscal_year_start_month: month }, at: this.deps.clock() });
      });
    }
    return this.settings();
  }

  /** The fiscal year starting in `startYear` under the company's first month. */
  async fiscalYear(startYear: unknown): Promise<FiscalYear> {
    if (typeof startYear !== 'number' || !Number.isInteger(startYear) || startYear < 1900 || startYear > 9998) {
      throw new ValidationError('Please correct the errors below.', { fiscalYear: ['Give the year the fiscal year starts in, e.g. 2025.'] });
    }
    return fiscalYearStarting(await this.fiscalYearStartMonth(), startYear);
  }

  /**
   * Locks the year first (so nothing can still post into it), then reads its revenue and expense
   * balances and appends the closing entry. Closing a closed year changes nothing.
   */
  async close(startYear: unknown, actor: string): Promise<AccountingSettings> {
    const year = await this.fiscalYear(startYear);
    const state = await this.books();
    if (state.closed.some((y) => y.from === year.from)) return this.settings();
    const at = this.now();
    const base = { type: 'CloseFiscalYear' as const, entryId: closingEntryId(year.from), ...year, today: this.today(), actor, at };
    // The same rules before anything is written: a year not ended is not even locked.
    decideBooks(state, { ...base, lines: [] });
    // The year's last day revalues what is open in other currencies first (unless it is locked already or was revalued), then the year is locked.
    if ((state.lockedThrough === null || state.lockedThrough < year.to) && !state.revalued?.includes(year.to)) await this.revalue(year.to, actor);
    if (state.lockedThrough === null || state.lockedThrough < year.to) await this.run(actor, () => ({ type: 'LockBooks', lockedThrough: year.to, today: this.today(), actor, at }));
    const [chart, totals] = await Promise.all([this.accounts.list({ includeInactive: true }), totalsInRange(this.deps.db, year.from, year.to)]);
    const lines = closingLines(chart, totals, SYSTEM_ACCOUNT_IDS.retainedEarnings);
    await this.run(actor, () => ({ ...base, lines }));
    return this.settings();
  }

  async reopen(startYear: unknown, reason: unknown, actor: string): Promise<AccountingSettings> {
    const year = await this.fiscalYear(startYear);
    await this.run(actor, () => ({ type: 'ReopenFiscalYear', from: year.from, reason: typeof reason === 'string' ? reason : '', actor, at: this.now() }));
    return this.settings();
  }

  /**
   * Revalues the receivables and payables open in other currencies on `date` at that day's rates
   * (the last before it): the unrealised differences post on `date` to Exchange Gains or Losses and
   * reverse on the next day. Open receivables are the ledger's: each foreign invoice's amount and
   * booked euros on its receivable lines through `date`; open payables the bills' (posted through
   * `date`, less their payments through it). A currency without a rate is a 400 naming it and the day.
   */
  async revalue(date: string, actor: string): Promise<Revaluation> {
    const [openInvoices, openBills] = await Promise.all([foreignOpenInvoices(this.deps.db, date), foreignOpenBills(this.deps.db, date)]);
    const receivables: RevaluedItem[] = openInvoices.map((i) => ({ invoiceId: i.invoiceId, currency: i.currency, amountCents: i.cents, carryingCents: i.carryingCents }));
    // What the company owes is a credit on Accounts Payable (negative as the account sees it), a supplier credit note's credit a debit.
    const payables: RevaluedItem[] = openBills.map((b) => {
      const sign = b.credit ? 1 : -1;
      return { billId: b.billId, currency: b.currency, amountCents: sign * b.cents, carryingCents: sign * b.carryingCents };
    });
    const items = [...receivables, ...payables];
    const rateService = new ExchangeRateService(this.deps);
    const rates: Revaluation['rates'] = [];
    for (const currency of [...new Set(items.map((i) => i.currency))].sort()) {
      const found = await rateService.rateOn(currency, date);
      rates.push({ currency, rate: found.rate, rateDate: found.date });
    }
    const rateOf = new Map(rates.map((r) => [r.currency, r.rate]));
    const lines = revaluationLines(
      items.map((i) => ({ accountId: i.billId ? SYSTEM_ACCOUNT_IDS.payables : SYSTEM_ACCOUNT_IDS.receivables, currency: i.currency, amount: i.amountCents, carryingCents: i.carryingCents })),
      rateOf,
    );
    const entryId = revaluationEntryId(date);
    const handled = await this.commands.handle(booksModel, {
      streamId: BOOKS_STREAM_ID,
      actor,
      decide: ({ state }) => decideBooks(state, { type: 'RevalueForeignBalances', entryId, date, today: this.today(), rates, items, lines, actor, at: this.now() }),
    });
    if (handled.position) await readModelsReach(() => this.deps.projections.waitFor(handled.position!), this.deps.logger);
    const sum = (accountId: string, side: 'debitCents' | 'creditCents') => lines.filter((l) => l.accountId === accountId).reduce((s, l) => s + l[side], 0);
    return {
      date,
      reversalDate: addDays(date, 1),
      posted: handled.events.length > 0,
      rates,
      items: items.map((i) => ({ ...i, revaluedCents: toEuroCents(i.amountCents, rateOf.get(i.currency)!) })),
      gainCents: sum(SYSTEM_ACCOUNT_IDS.exchangeGains, 'creditCents'),
      lossCents: sum(SYSTEM_ACCOUNT_IDS.exchangeLosses, 'debitCents'),
    };
  }

  private async run(actor: string, command: () => BooksCommand): Promise<void> {
    const handled = await this.commands.handle(booksModel, { streamId: BOOKS_STREAM_ID, actor, decide: ({ state }) => decideBooks(state, command()) });
    // The audit rows are the books_audit reactor's, written with its checkpoint: the answer waits
    // for them as for a read model, so the audit log shows the change once it is answered.
    const { position } = handled;
    if (position) await readModelsReach(() => this.deps.projections.waitFor(position, { only: [BOOKS_AUDIT_REACTOR] }), this.deps.logger);
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
