import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { NotFoundError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import type { SourceType } from '../../domain/accounting/postings';
import type { GraphQLContext } from '../platform/graphql/context';
import { withInputNames } from '../platform/graphql/validators';
import { JournalEntryInput, toPosted } from './accounting.input';
import { PageInput, pageOf } from '../platform/graphql/paging';
import { HistoryEventOutput, JournalEntryOutput, JournalEntryPage } from './accounting.output';
import { isUuid } from '../platform/wire';
import { resolvePeriod } from '../platform/period';

const actor = (ctx: GraphQLContext): string => {
  if (!ctx.user) throw new UnauthenticatedError();
  return ctx.user.id;
};

const SOURCES: SourceType[] = ['manual', 'invoice', 'payment'];
/** The journal command's line fields as JournalLineInput names them. */
const LINE_INPUT_NAMES = { debitCents: 'debit', creditCents: 'credit', vatRateBp: 'vatRate' };

@Resolver()
export class JournalResolver {
  @Authorized('superuser')
  @Query(() => JournalEntryPage, { description: 'Ledger entries (manual, invoice and payment postings), newest first.' })
  async journalEntries(
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | undefined,
    @Arg('source', () => String, { nullable: true, description: 'manual, invoice or payment' }) source: string | undefined,
    @Arg('includeDeleted', () => Boolean, { defaultValue: false }) includeDeleted: boolean,
    @Arg('from', () => String, { nullable: true, description: 'YYYY-MM-DD' }) from: string | undefined,
    @Arg('to', () => String, { nullable: true, description: 'YYYY-MM-DD' }) to: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<JournalEntryPage> {
    if (source && !SOURCES.includes(source as SourceType)) throw new ValidationError('Please correct the errors below.', { source: ['Choose manual, invoice or payment.'] });
    const period = from || to ? resolvePeriod({ from, to }, ctx.services.accounting.reports.today(), { from: 'from', to: 'to', asOf: 'asOf' }) : undefined;
    const { items, total } = await ctx.services.accounting.ledger.entries(
      { sources: source ? [source as SourceType] : undefined, includeDeleted, from: period?.from, to: period?.to },
      pageOf(page),
    );
    return { items: items.map(JournalEntryOutput.from), total };
  }

  @Authorized('superuser')
  @Query(() => JournalEntryOutput)
  async journalEntry(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<JournalEntryOutput> {
    return JournalEntryOutput.from(await ctx.services.accounting.ledger.entry(id, { includeDeleted: true }));
  }

  @Authorized('superuser')
  @Query(() => [HistoryEventOutput], { description: 'Every event of a manual journal entry, oldest first.' })
  async journalEntryHistory(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<HistoryEventOutput[]> {
    return (await ctx.services.accounting.journal.history(id)).map(HistoryEventOutput.from);
  }

  @Authorized('superuser')
  @Query(() => [HistoryEventOutput], { description: 'Every event of an invoice (issued, edited, sent, paid, voided) and every payment reminder sent (PaymentReminderSent), oldest first.' })
  async invoiceEventHistory(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<HistoryEventOutput[]> {
    if (!isUuid(id)) throw new NotFoundError('Invoice not found.');
    return (await ctx.services.billing.invoices.history(id)).map(HistoryEventOutput.fromEntry);
  }

  @Authorized('superuser')
  @Mutation(() => JournalEntryOutput, { description: 'Records a balanced entry of two or more lines.' })
  async recordJournalEntry(@Arg('input', () => JournalEntryInput) input: JournalEntryInput, @Ctx() ctx: GraphQLContext): Promise<JournalEntryOutput> {
    const posted = toPosted(input);
    const id = await withInputNames(LINE_INPUT_NAMES, () => ctx.services.accounting.journal.record(posted, actor(ctx)));
    return JournalEntryOutput.from(await ctx.services.accounting.ledger.written(id, posted, actor(ctx), new Date().toISOString()));
  }

  @Authorized('superuser')
  @Mutation(() => JournalEntryOutput, { description: 'Corrects an entry: a reversal of its lines plus the new lines.' })
  async correctJournalEntry(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => JournalEntryInput) input: JournalEntryInput,
    @Arg('expectedVersion', () => Int, { nullable: true, description: 'The version you edited; a different current version answers CONFLICT.' }) expectedVersion: number | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<JournalEntryOutput> {
    const posted = toPosted(input);
    await withInputNames(LINE_INPUT_NAMES, () => ctx.services.accounting.journal.correct(id, posted, actor(ctx), expectedVersion ?? undefined));
    return JournalEntryOutput.from(await ctx.services.accounting.ledger.written(id, posted, actor(ctx), new Date().toISOString()));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean, { description: 'Deletes an entry by posting its reversal; its history stays.' })
  async deleteJournalEntry(
    @Arg('id', () => ID) id: string,
    @Arg('expectedVersion', () => Int, { nullable: true }) expectedVersion: number | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.accounting.journal.delete(id, actor(ctx), expectedVersion ?? undefined);
    return true;
  }
}
