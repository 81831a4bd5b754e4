import { addDays, isIsoDate } from '../shared/dates';
import { ValidationError, type ErrorParams, type ErrorReason } from '../shared/errors';
import type { JournalLine } from '../journal/events';
import { lastClosed, type Books } from './books';
import { assertOpen } from '../accounting/period-lock';
import type { BooksEvent, BooksLocked, FiscalYearClosed, FiscalYearReopened, ForeignBalancesRevalued, RevaluedItem } from './events';

interface Stamp {
  actor: string;
  at: string;
}

/** `today` is the company's day: the lock covers only days that have passed. */
export type LockBooks = { type: 'LockBooks'; lockedThrough: string | null; today: string } & Stamp;
/** `lines` come from the year's balances, read after the year was locked (so nothing can still move them). */
export type CloseFiscalYear = { type: 'CloseFiscalYear'; entryId: string; from: string; to: string; today: string; lines: JournalLine[] } & Stamp;
export type ReopenFiscalYear = { type: 'ReopenFiscalYear'; from: string; reason: string } & Stamp;
/** `items`, `rates` and `lines` come from the ledger's open foreign receivables on `date` and that day's rates. */
export type RevalueForeignBalances = {
  type: 'RevalueForeignBalances';
  entryId: string;
  date: string;
  today: string;
  rates: ForeignBalancesRevalued['data']['rates'];
  items: RevaluedItem[];
  lines: JournalLine[];
} & Stamp;
export type BooksCommand = LockBooks | CloseFiscalYear | ReopenFiscalYear | RevalueForeignBalances;

export const alreadyRevalued = (date: string): string => `The open foreign balances were already revalued on ${date}.`;
export const REVALUATION_IN_FUTURE = 'A revaluation is dated today or earlier: its rates must be known.';

/**
 * A period end's revaluation: once per day, never ahead of today; nothing to post decides nothing.
 * (The write path refuses its day when the books are locked.)
 */
export const revalueForeignBalances = (state: Books, c: RevalueForeignBalances): [ForeignBalancesRevalued] | [] => {
  if (!isIsoDate(c.date)) fail('date', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
  if (c.date > c.today) fail('date', REVALUATION_IN_FUTURE);
  if (state.revalued?.includes(c.date)) fail('date', alreadyRevalued(c.date));
  // The books stream is not lock-checked by the write path (the close posts into the year it locks): a revaluation is, here.
  assertOpen(state.lockedThrough, [c.date]);
  if (c.lines.length === 0) return [];
  const { type: _type, today: _today, ...data } = c;
  return [{ type: 'ForeignBalancesRevalued', data: { ...data, reversalDate: addDays(c.date, 1) } }];
};

export const MAX_REASON = 1000;

/** Refusals carry a reason and its parameters, so a client words them in its own language. */
const fail = (field: string, message: string, reason?: ErrorReason, params?: ErrorParams): never => {
  throw new ValidationError(message, { [field]: [message] }, reason, params);
};

export const lockBooks = (state: Books, c: LockBooks): [BooksLocked] | [] => {
  if (c.lockedThrough !== null && !isIsoDate(c.lockedThrough)) fail('lockedThrough', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
  if (c.lockedThrough !== null && c.lockedThrough >= c.today) fail('lockedThrough', 'The lock date must be before today.', 'LOCK_NOT_PAST');
  const closed = lastClosed(state);
  if (closed && (c.lockedThrough === null || c.lockedThrough < closed.to)) {
    fail('lockedThrough', `The fiscal year ${closed.from} to ${closed.to} is closed: reopen it before unlocking any of it.`, 'YEAR_CLOSED', { from: closed.from, to: closed.to });
  }
  if (c.lockedThrough === state.lockedThrough) return [];
  return [{ type: 'BooksLocked', data: { lockedThrough: c.lockedThrough, previous: state.lockedThrough, actor: c.actor, at: c.at } }];
};

/** Closing twice is harmless: a closed year closes again to nothing. */
export const closeFiscalYear = (state: Books, c: CloseFiscalYear): [FiscalYearClosed] | [] => {
  if (state.closed.some((y) => y.from === c.from)) return [];
  if (c.to >= c.today) fail('fiscalYear', `The fiscal year ${c.from} to ${c.to} has not ended yet.`, 'YEAR_NOT_ENDED', { from: c.from, to: c.to });
  const closed = lastClosed(state);
  if (closed && closed.from > c.from) fail('fiscalYear', `A later fiscal year (${closed.from} to ${closed.to}) is closed: reopen it first.`, 'LATER_YEAR_CLOSED', { from: closed.from, to: closed.to });
  const lockedThrough = state.lockedThrough !== null && state.lockedThrough > c.to ? state.lockedThrough : c.to;
  return [{ type: 'FiscalYearClosed', data: { entryId: c.entryId, from: c.from, to: c.to, lines: c.lines, lockedThrough, previous: state.lockedThrough, actor: c.actor, at: c.at } }];
};

/** Only the latest closed year reopens; the lock moves back to the day before it. */
export const reopenFiscalYear = (state: Books, c: ReopenFiscalYear): [FiscalYearReopened] => {
  const reason = c.reason.trim();
  if (!reason) fail('reason', 'Give a reason for reopening the year.', 'REASON_REQUIRED');
  if (reason.length > MAX_REASON) fail('reason', `Ensure this field has no more than ${MAX_REASON} characters.`);
  const year = state.closed.find((y) => y.from === c.from);
  if (!year) return fail('fiscalYear', 'This fiscal year is not closed.', 'YEAR_NOT_CLOSED');
  const latest = lastClosed(state)!;
  if (latest.from !== year.from) fail('fiscalYear', `A later fiscal year (${latest.from} to ${latest.to}) is closed: reopen it first.`, 'LATER_YEAR_CLOSED', { from: latest.from, to: latest.to });
  const lockedThrough = state.lockedThrough !== null && state.lockedThrough >= year.from ? addDays(year.from, -1) : state.lockedThrough;
  return [{ type: 'FiscalYearReopened', data: { entryId: year.entryId, from: year.from, to: year.to, lines: year.lines, reason, lockedThrough, previous: state.lockedThrough, actor: c.actor, at: c.at } }];
};

export const decideBooks = (state: Books, command: BooksCommand): BooksEvent[] => {
  switch (command.type) {
    case 'LockBooks':
      return lockBooks(state, command);
    case 'CloseFiscalYear':
      return closeFiscalYear(state, command);
    case 'ReopenFiscalYear':
      return reopenFiscalYear(state, command);
    case 'RevalueForeignBalances':
      return revalueForeignBalances(state, command);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
