import { NotFoundError, ValidationError, type FieldErrors } from '../shared/errors';
import { isIsoDate } from '../shared/dates';
import { AMOUNT_TOO_LARGE, amountTooLarge, MAX_AMOUNT_CENTS } from '../shared/money';
import { isVatCategory, UNKNOWN_VAT_CATEGORY } from '../invoice/vat';
import { isVatAccount } from '../accounting/vat-return';
import type { JournalEntry } from './entry';
import type { JournalEntryCorrected, JournalEntryDeleted, JournalEntryRecorded, JournalEvent, JournalLine, PostedLines } from './events';

interface Stamp {
  actor: string;
  /** ISO instant; the clock comes in with the command. */
  at: string;
}

export type RecordJournalEntry = { type: 'RecordJournalEntry'; entryId: string } & PostedLines & Stamp;
export type CorrectJournalEntry = { type: 'CorrectJournalEntry'; entryId: string } & PostedLines & Stamp;
export type DeleteJournalEntry = { type: 'DeleteJournalEntry'; entryId: string } & Stamp;
export type JournalCommand = RecordJournalEntry | CorrectJournalEntry | DeleteJournalEntry;

export const MAX_DESCRIPTION = 1000;
export const MAX_LINES = 200;
export const ENTRY_TOO_LARGE = amountTooLarge("A journal entry's total");

/** The rules every entry obeys, whichever transport it came from. Field names are camelCase paths. */
export const validatePosted = (p: PostedLines): FieldErrors => {
  const errors: FieldErrors = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  if (!isIsoDate(p.date)) add('date', 'Enter a valid date (YYYY-MM-DD).');
  if (p.description.length > MAX_DESCRIPTION) add('description', `Ensure this field has no more than ${MAX_DESCRIPTION} characters.`);
  if (p.lines.length < 2) add('lines', 'A journal entry needs at least two lines.');
  if (p.lines.length > MAX_LINES) add('lines', `A journal entry has at most ${MAX_LINES} lines.`);
  p.lines.forEach((line, i) => {
    for (const side of ['debitCents', 'creditCents'] as const) {
      const v = line[side];
      if (!Number.isSafeInteger(v) || v < 0) add(`lines.${i}.${side}`, 'Enter a non-negative amount in cents.');
      else if (v > MAX_AMOUNT_CENTS) add(`lines.${i}.${side}`, AMOUNT_TOO_LARGE);
    }
    if ((line.debitCents > 0) === (line.creditCents > 0)) add(`lines.${i}`, 'Each line needs exactly one of debit or credit, greater than zero.');
    for (const [field, msg] of lineVatErrors(line)) add(`lines.${i}.${field}`, msg);
  });
  if (Object.keys(errors).length === 0) {
    const debits = sum(p.lines, 'debitCents');
    const credits = sum(p.lines, 'creditCents');
    if (debits !== credits) {
      add('lines', `Debits (${(debits / 100).toFixed(2)}) and credits (${(credits / 100).toFixed(2)}) must be equal.`);
    } else if (debits > MAX_AMOUNT_CENTS) {
      // An entry is one document: its total keeps the bound of every document, so ledger sums stay exact.
      add('lines', ENTRY_TOO_LARGE);
    }
  }
  return errors;
};

/** A line's optional VAT tag: a known category with a rate that fits it, or a settlement on a VAT account. */
export const lineVatErrors = (line: JournalLine): Array<[string, string]> => {
  const errors: Array<[string, string]> = [];
  const rate = line.vatRateBp;
  if (line.vatSettlement) {
    if (!isVatAccount(line.accountId)) errors.push(['vatSettlement', 'Only a line on a VAT account can be a settlement with the tax authority.']);
    if (line.vatCategory !== undefined || rate !== undefined) errors.push(['vatCategory', 'A settlement with the tax authority carries no VAT category or rate.']);
    return errors;
  }
  if (line.vatCategory === undefined) {
    if (rate !== undefined) errors.push(['vatCategory', 'Choose a VAT category for this rate.']);
    return errors;
  }
  if (!isVatCategory(line.vatCategory)) return [['vatCategory', UNKNOWN_VAT_CATEGORY]];
  if (rate === undefined || !Number.isInteger(rate) || rate < 0 || rate > 10_000) errors.push(['vatRateBp', 'Enter a VAT rate from 0 to 100 %.']);
  else if (line.vatCategory === 'S' && rate === 0) errors.push(['vatRateBp', 'A standard-rated (S) line needs a VAT rate above 0 %.']);
  else if (line.vatCategory !== 'S' && rate !== 0) errors.push(['vatRateBp', 'Only a standard-rated (S) line carries a VAT rate above 0 %.']);
  return errors;
};

const sum = (lines: JournalLine[], side: 'debitCents' | 'creditCents'): number => lines.reduce((acc, l) => acc + l[side], 0);

const assertValid = (p: PostedLines): void => {
  const errors = validatePosted(p);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0]!, errors);
};

const posted = (c: PostedLines): PostedLines => ({ date: c.date, description: c.description, lines: c.lines.map((l) => ({ ...l })) });

export const record = (state: JournalEntry, c: RecordJournalEntry): [JournalEntryRecorded] => {
  if (state.status !== 'empty') throw new ValidationError('This journal entry already exists.', { id: ['Already used.'] });
  assertValid(c);
  return [{ type: 'JournalEntryRecorded', data: { entryId: c.entryId, actor: c.actor, at: c.at, ...posted(c) } }];
};

export const correct = (state: JournalEntry, c: CorrectJournalEntry): [JournalEntryCorrected] | [] => {
  if (state.status !== 'active') throw new NotFoundError('Journal entry not found.');
  assertValid(c);
  const previous = posted(state);
  const next = posted(c);
  // Saving an unchanged form must not litter the ledger with reversal pairs.
  if (JSON.stringify(previous) === JSON.stringify(next)) return [];
  return [{ type: 'JournalEntryCorrected', data: { entryId: state.entryId, actor: c.actor, at: c.at, ...next, previous } }];
};

export const remove = (state: JournalEntry, c: DeleteJournalEntry): [JournalEntryDeleted] => {
  if (state.status !== 'active') throw new NotFoundError('Journal entry not found.');
  return [{ type: 'JournalEntryDeleted', data: { entryId: state.entryId, actor: c.actor, at: c.at, previous: posted(state) } }];
};

export const decide = (state: JournalEntry, command: JournalCommand): JournalEvent[] => {
  switch (command.type) {
    case 'RecordJournalEntry':
      return record(state, command);
    case 'CorrectJournalEntry':
      return correct(state, command);
    case 'DeleteJournalEntry':
      return remove(state, command);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
