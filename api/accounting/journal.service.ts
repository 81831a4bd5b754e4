import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { SYSTEM_ACCOUNT_IDS, type Account } from '../../domain/accounting/accounts';
import { decide, type JournalCommand } from '../../domain/journal/decide';
import { replay } from '../../domain/journal/entry';
import { JOURNAL_SCHEMA_VERSION, journalStreamId, type JournalEvent, type JournalLine, type PostedLines } from '../../domain/journal/events';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import type { EventStore, RecordedEvent } from '../../eventstore/event-store';
import type { ProjectionEngine } from '../../projections/engine';
import { findEntry } from '../../projections/ledger/journal-lines/queries';
import type { AccountService } from './account.service';
import { isUuid } from './ids';

export interface JournalDeps {
  db: Knex;
  eventStore: EventStore;
  projections: ProjectionEngine;
  clock: () => Date;
}

/** The spec's single-line entry: one side on the chosen account, the other on Suspense. */
export interface SingleLineEntry {
  date: string;
  accountId: string;
  debitCents: number;
  creditCents: number;
  description: string;
}

export const singleLineToPosted = (e: SingleLineEntry): PostedLines => ({
  date: e.date,
  description: e.description,
  lines: [
    { accountId: e.accountId, debitCents: e.debitCents, creditCents: e.creditCents },
    { accountId: SYSTEM_ACCOUNT_IDS.suspense, debitCents: e.creditCents, creditCents: e.debitCents },
  ],
});

/** The only writer of journal entries: validates accounts, decides, appends, waits for the ledger. */
export class JournalService {
  constructor(
    private readonly deps: JournalDeps,
    private readonly accounts: AccountService,
  ) {}

  async record(posted: PostedLines, actor: string, lineField = lineFieldPath): Promise<string> {
    await this.checkAccounts(posted.lines, lineField);
    const entryId = randomUUID();
    await this.execute(entryId, [], { type: 'RecordJournalEntry', entryId, ...posted, actor, at: this.now() }, 'no_stream');
    return entryId;
  }

  async correct(entryId: string, posted: PostedLines, actor: string, expectedVersion?: number, lineField = lineFieldPath): Promise<void> {
    const history = await this.load(entryId);
    this.checkVersion(history, expectedVersion);
    await this.checkAccounts(posted.lines, lineField);
    await this.execute(entryId, history, { type: 'CorrectJournalEntry', entryId, ...posted, actor, at: this.now() });
  }

  async delete(entryId: string, actor: string, expectedVersion?: number): Promise<void> {
    const history = await this.load(entryId);
    this.checkVersion(history, expectedVersion);
    await this.execute(entryId, history, { type: 'DeleteJournalEntry', entryId, actor, at: this.now() });
  }

  /** Every event of a manual entry's stream, oldest first. */
  async history(entryId: string): Promise<RecordedEvent[]> {
    if (!isUuid(entryId)) throw new NotFoundError('Journal entry not found.');
    const events = await this.deps.eventStore.readStream(journalStreamId(entryId));
    if (events.length === 0) throw new NotFoundError('Journal entry not found.');
    return events;
  }

  private async load(entryId: string): Promise<RecordedEvent[]> {
    if (!isUuid(entryId)) throw new NotFoundError('Journal entry not found.');
    const row = await findEntry(this.deps.db, entryId);
    if (row && row.source_type !== 'manual') {
      throw new ValidationError(`This entry was posted automatically from ${row.source_type === 'invoice' ? 'an invoice' : 'a payment'}; change the ${row.source_type} instead.`, {
        non_field_errors: ['Automatic postings cannot be edited by hand.'],
      });
    }
    const events = await this.deps.eventStore.readStream(journalStreamId(entryId));
    if (events.length === 0) throw new NotFoundError('Journal entry not found.');
    return events;
  }

  /** The entry's version is its event count; a client that saw another version is stale. */
  private checkVersion(history: RecordedEvent[], expectedVersion: number | undefined): void {
    if (expectedVersion !== undefined && expectedVersion !== history.length) throw new ConflictError();
  }

  private async execute(entryId: string, history: RecordedEvent[], command: JournalCommand, expected?: 'no_stream'): Promise<void> {
    const state = replay(history.map((e) => ({ type: e.type, data: e.data }) as JournalEvent));
    const events = decide(state, command);
    if (events.length === 0) return;
    const result = await this.deps.eventStore.append(
      journalStreamId(entryId),
      events.map((e) => ({ type: e.type, data: e.data, metadata: { actor: command.actor, schemaVersion: JOURNAL_SCHEMA_VERSION } })),
      { expectedRevision: expected ?? history.length - 1 },
    );
    await this.deps.projections.waitFor(result.position, { timeoutMs: 5000 });
  }

  private async checkAccounts(lines: JournalLine[], lineField: (index: number) => string): Promise<void> {
    const known = await this.accounts.byIds(lines.map((l) => l.accountId));
    const errors: FieldErrors = {};
    lines.forEach((line, i) => {
      const account: Account | undefined = known.get(line.accountId);
      if (!account) errors[lineField(i)] = [`Invalid pk "${line.accountId}" - object does not exist.`];
      else if (!account.active) errors[lineField(i)] = [`The account "${account.name}" is inactive.`];
    });
    const first = Object.values(errors)[0];
    if (first) throw new ValidationError(first[0]!, errors);
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

const lineFieldPath = (i: number) => `lines.${i}.accountId`;
