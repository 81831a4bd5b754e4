import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Account } from '../../domain/accounting/accounts';
import { decide } from '../../domain/journal/decide';
import { evolve, initialState, type JournalEntry } from '../../domain/journal/entry';
import { JOURNAL_SCHEMA_VERSION, journalStreamId, type JournalEvent, type JournalLine, type PostedLines } from '../../domain/journal/events';
import { decodeJournalEvent } from '../../domain/journal/stream';
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import type { RecordedEvent } from '../../eventstore/event-store';
import { findEntry } from '../../projections/ledger/journal-lines/queries';
import type { CommandHandler, StreamModel } from '../write/command-handler';
import { writePathOf } from '../write/write-path';
import type { AppDeps } from '../platform/deps';
import type { AccountService } from './account.service';
import { isUuid } from '../platform/wire';


/** Journal streams (`journal-<id>`) for the command handler. */
export const journalModel: StreamModel<JournalEntry, JournalEvent> = {
  initialState,
  evolve,
  fromRecorded: decodeJournalEvent,
  toNew: (e, actor) => ({ type: e.type, data: e.data, metadata: { actor, schemaVersion: JOURNAL_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/** The only writer of journal entries: validates accounts, then the one write path decides, appends and waits. */
export class JournalService {
  private readonly commands: CommandHandler;

  constructor(
    private readonly deps: AppDeps,
    private readonly accounts: AccountService,
  ) {
    this.commands = writePathOf(deps).commands;
  }

  async record(posted: PostedLines, actor: string): Promise<string> {
    await this.checkAccounts(posted.lines);
    const entryId = randomUUID();
    await this.run(entryId, actor, (state) => decide(state, { type: 'RecordJournalEntry', entryId, ...posted, actor, at: this.now() }));
    return entryId;
  }

  /** `expectedVersion` is the entry's version the caller edited (its event count). */
  async correct(entryId: string, posted: PostedLines, actor: string, expectedVersion?: number): Promise<void> {
    await this.assertManual(entryId);
    await this.checkAccounts(posted.lines);
    await this.run(entryId, actor, (state) => decide(state, { type: 'CorrectJournalEntry', entryId, ...posted, actor, at: this.now() }), expectedVersion);
  }

  async delete(entryId: string, actor: string, expectedVersion?: number): Promise<void> {
    await this.assertManual(entryId);
    await this.run(entryId, actor, (state) => decide(state, { type: 'DeleteJournalEntry', entryId, actor, at: this.now() }), expectedVersion);
  }

  /** Every event of a manual entry's stream, oldest first. */
  async history(entryId: string): Promise<RecordedEvent[]> {
    if (!isUuid(entryId)) throw new NotFoundError('Journal entry not found.');
    const events = await this.deps.eventStore.readStream(journalStreamId(entryId));
    if (events.length === 0) throw new NotFoundError('Journal entry not found.');
    return events;
  }

  private async run(entryId: string, actor: string, decideOn: (state: JournalEntry) => JournalEvent[], expectedVersion?: number): Promise<void> {
    await this.commands.handle(journalModel, {
      streamId: journalStreamId(entryId),
      actor,
      expectedRevision: expectedVersion === undefined ? undefined : expectedVersion - 1,
      decide: ({ state }) => decideOn(state),
    });
  }

  /** Postings made from invoices and payments change only through their documents. */
  private async assertManual(entryId: string): Promise<void> {
    if (!isUuid(entryId)) throw new NotFoundError('Journal entry not found.');
    const row = await findEntry(this.deps.db, entryId);
    if (row && row.source_type !== 'manual') {
      throw new ValidationError(`This entry was posted automatically from ${row.source_type === 'invoice' ? 'an invoice' : 'a payment'}; change the ${row.source_type} instead.`, {
        nonFieldErrors: ['Automatic postings cannot be edited by hand.'],
      });
    }
  }

  private async checkAccounts(lines: JournalLine[]): Promise<void> {
    const known = await this.accounts.byIds(lines.map((l) => l.accountId));
    const errors: FieldErrors = {};
    lines.forEach((line, i) => {
      const account: Account | undefined = known.get(line.accountId);
      if (!account) errors[`lines.${i}.accountId`] = [`Invalid pk "${line.accountId}" - object does not exist.`];
      else if (!account.active) errors[`lines.${i}.accountId`] = [`The account "${account.name}" is inactive.`];
    });
    const first = Object.values(errors)[0];
    if (first) throw new ValidationError(first[0]!, errors);
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
