import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../shared/errors';
import { decide, type JournalCommand } from './decide';
import { replay } from './entry';
import type { JournalEvent, JournalLine } from './events';

const A = 'a0000000-0000-4000-8000-000000005300';
const S = 'a0000000-0000-4000-8000-000000002900';
const ID = '11111111-1111-4111-8111-111111111111';
const stamp = { actor: 'user-1', at: '2026-03-01T10:00:00.000Z' };
const lines = (cents: number): JournalLine[] => [
  { accountId: A, debitCents: cents, creditCents: 0 },
  { accountId: S, debitCents: 0, creditCents: cents },
];

/** given events / when command / then events (or an error). */
const given = (events: JournalEvent[]) => ({
  when: (command: JournalCommand) => ({
    then: (expected: JournalEvent[]) => expect(decide(replay(events), command)).toEqual(expected),
    thenThrows: (error: unknown, message?: RegExp) => {
      let thrown: unknown;
      try {
        decide(replay(events), command);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(error as never);
      if (message) expect((thrown as Error).message).toMatch(message);
      return thrown as ValidationError;
    },
  }),
});

const recorded: JournalEvent = {
  type: 'JournalEntryRecorded',
  data: { entryId: ID, date: '2026-03-01', description: 'Paper', lines: lines(1250), ...stamp },
};

describe('journal entry', () => {
  it('records a balanced entry', () => {
    given([])
      .when({ type: 'RecordJournalEntry', entryId: ID, date: '2026-03-01', description: 'Paper', lines: lines(1250), ...stamp })
      .then([recorded]);
  });

  it('rejects an unbalanced entry with a clear message', () => {
    const err = given([])
      .when({
        type: 'RecordJournalEntry',
        entryId: ID,
        date: '2026-03-01',
        description: '',
        lines: [lines(100)[0]!, { accountId: S, debitCents: 0, creditCents: 90 }],
        ...stamp,
      })
      .thenThrows(ValidationError, /Debits \(1\.00\) and credits \(0\.90\) must be equal/);
    expect(err.fieldErrors?.lines).toBeDefined();
  });

  it('rejects single lines, lines with both sides, negative amounts and impossible dates', () => {
    const bad = (over: Partial<JournalCommand & { lines: JournalLine[]; date: string }>, field: string) => {
      const err = given([])
        .when({ type: 'RecordJournalEntry', entryId: ID, date: '2026-03-01', description: '', lines: lines(100), ...stamp, ...over } as JournalCommand)
        .thenThrows(ValidationError);
      expect(Object.keys(err.fieldErrors ?? {})).toContain(field);
    };
    bad({ lines: [lines(100)[0]!] }, 'lines');
    bad({ lines: [{ accountId: A, debitCents: 100, creditCents: 100 }, lines(100)[1]!] }, 'lines.0');
    bad({ lines: [{ accountId: A, debitCents: -100, creditCents: 0 }, lines(100)[1]!] }, 'lines.0.debitCents');
    bad({ lines: [{ accountId: A, debitCents: 0, creditCents: 0 }, lines(100)[1]!] }, 'lines.0');
    bad({ date: '2026-02-30' }, 'date');
  });

  it('takes an optional VAT tag per line, and refuses one that does not fit', () => {
    const VAT = 'a0000000-0000-4000-8000-000000002100';
    const tagged: JournalLine[] = [
      { accountId: A, debitCents: 1000, creditCents: 0, vatCategory: 'S', vatRateBp: 2400 },
      { accountId: VAT, debitCents: 240, creditCents: 0 },
      { accountId: S, debitCents: 0, creditCents: 1240 },
    ];
    const [event] = decide(replay([]), { type: 'RecordJournalEntry', entryId: ID, date: '2026-03-01', description: 'Paper', lines: tagged, ...stamp });
    expect(event!.type === 'JournalEntryRecorded' && event!.data.lines[0]).toMatchObject({ vatCategory: 'S', vatRateBp: 2400 });
    const refused = (line: Partial<JournalLine>, field: string) => {
      const err = given([])
        .when({ type: 'RecordJournalEntry', entryId: ID, date: '2026-03-01', description: '', lines: [{ ...lines(100)[0]!, ...line }, lines(100)[1]!], ...stamp })
        .thenThrows(ValidationError);
      expect(Object.keys(err.fieldErrors ?? {})).toContain(field);
    };
    refused({ vatCategory: 'S', vatRateBp: 0 }, 'lines.0.vatRateBp');
    refused({ vatCategory: 'Z', vatRateBp: 600 }, 'lines.0.vatRateBp');
    refused({ vatCategory: 'S' }, 'lines.0.vatRateBp');
    refused({ vatRateBp: 2400 }, 'lines.0.vatCategory');
    refused({ vatCategory: 'X' as never, vatRateBp: 0 }, 'lines.0.vatCategory');
    // A settlement is a VAT account line, without a category.
    refused({ vatSettlement: true }, 'lines.0.vatSettlement');
    refused({ accountId: VAT, vatSettlement: true, vatCategory: 'S', vatRateBp: 2400 }, 'lines.0.vatCategory');
  });

  it('refuses to record the same id twice', () => {
    given([recorded]).when({ type: 'RecordJournalEntry', entryId: ID, date: '2026-03-01', description: 'x', lines: lines(1), ...stamp }).thenThrows(ValidationError);
  });

  it('corrects by carrying the lines it reverses', () => {
    given([recorded])
      .when({ type: 'CorrectJournalEntry', entryId: ID, date: '2026-03-02', description: 'Paper and ink', lines: lines(2000), ...stamp })
      .then([
        {
          type: 'JournalEntryCorrected',
          data: {
            entryId: ID,
            date: '2026-03-02',
            description: 'Paper and ink',
            lines: lines(2000),
            ...stamp,
            previous: { date: '2026-03-01', description: 'Paper', lines: lines(1250) },
          },
        },
      ]);
  });

  it('records nothing for a correction that changes nothing', () => {
    given([recorded]).when({ type: 'CorrectJournalEntry', entryId: ID, date: '2026-03-01', description: 'Paper', lines: lines(1250), ...stamp }).then([]);
  });

  it('deletes as a reversal of the current lines, once', () => {
    const corrected: JournalEvent = {
      type: 'JournalEntryCorrected',
      data: { entryId: ID, date: '2026-03-02', description: 'Ink', lines: lines(700), ...stamp, previous: { date: '2026-03-01', description: 'Paper', lines: lines(1250) } },
    };
    const deleted: JournalEvent = {
      type: 'JournalEntryDeleted',
      data: { entryId: ID, ...stamp, previous: { date: '2026-03-02', description: 'Ink', lines: lines(700) } },
    };
    given([recorded, corrected]).when({ type: 'DeleteJournalEntry', entryId: ID, ...stamp }).then([deleted]);
    given([recorded, corrected, deleted]).when({ type: 'DeleteJournalEntry', entryId: ID, ...stamp }).thenThrows(NotFoundError);
    given([recorded, corrected, deleted])
      .when({ type: 'CorrectJournalEntry', entryId: ID, date: '2026-03-01', description: '', lines: lines(1), ...stamp })
      .thenThrows(NotFoundError);
  });

  it('answers not found for an entry that never existed', () => {
    given([]).when({ type: 'DeleteJournalEntry', entryId: ID, ...stamp }).thenThrows(NotFoundError);
  });

  it('keeps a version that counts every change', () => {
    const state = replay([recorded, { type: 'JournalEntryDeleted', data: { entryId: ID, ...stamp, previous: recorded.data } }]);
    expect(state).toMatchObject({ status: 'deleted', version: 2, date: '2026-03-01' });
  });

  it('refuses a line or an entry above the bound every amount keeps, saying the limit', () => {
    const big = (cents: number): JournalCommand => ({ type: 'RecordJournalEntry', entryId: ID, date: '2026-03-01', description: 'Big', lines: lines(cents), ...stamp });
    given([]).when(big(100_000_000_000)).then([{ type: 'JournalEntryRecorded', data: { entryId: ID, date: '2026-03-01', description: 'Big', lines: lines(100_000_000_000), ...stamp } }]);
    const line = given([]).when(big(100_000_000_001)).thenThrows(ValidationError, /cannot exceed 1,000,000,000\.00/);
    expect(line.fieldErrors?.['lines.0.debitCents']).toEqual(['An amount cannot exceed 1,000,000,000.00.']);
    // Two lines each within the bound but a total above it: the entry is one document.
    const split: JournalCommand = {
      type: 'RecordJournalEntry',
      entryId: ID,
      date: '2026-03-01',
      description: 'Split',
      lines: [
        { accountId: A, debitCents: 60_000_000_000, creditCents: 0 },
        { accountId: A, debitCents: 60_000_000_000, creditCents: 0 },
        { accountId: S, debitCents: 0, creditCents: 60_000_000_000 },
        { accountId: S, debitCents: 0, creditCents: 60_000_000_000 },
      ],
      ...stamp,
    };
    const total = given([]).when(split).thenThrows(ValidationError, /A journal entry's total cannot exceed 1,000,000,000\.00\./);
    expect(total.fieldErrors?.lines).toEqual(["A journal entry's total cannot exceed 1,000,000,000.00."]);
  });
});
