import { Arg, Authorized, Ctx, Field, Float, FieldResolver, ID, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { UnauthenticatedError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../platform/graphql/context';
import { JournalEntryOutput } from './accounting.output';
import { singleLineToPosted } from '../../domain/journal/single-line';
import { withInputNames } from '../platform/graphql/validators';
import { SINGLE_LINE_INPUT_NAMES, SingleLineJournalEntryInput } from './journal-single.input';

const actor = (ctx: GraphQLContext): string => {
  if (!ctx.user) throw new UnauthenticatedError();
  return ctx.user.id;
};


@ObjectType('SingleLineView', { description: 'The spec\'s one-account view of an entry whose other side is the Suspense account.' })
export class SingleLineViewOutput {
  @Field(() => ID) accountId!: string;
  @Field(() => String) accountName!: string;
  @Field(() => Float) debit!: number;
  @Field(() => Float) credit!: number;
}

/** GraphQL twins of the spec's single-line REST journal calls, and the single-line view of an entry. */
@Resolver(() => JournalEntryOutput)
export class SingleLineJournalResolver {
  @FieldResolver(() => SingleLineViewOutput, { nullable: true, description: 'Set when the entry is one account against Suspense (the spec\'s form).' })
  singleLine(@Root() entry: JournalEntryOutput): SingleLineViewOutput | null {
    if (entry.lines.length !== 2) return null;
    const suspense = entry.lines.filter((l) => l.accountId === SYSTEM_ACCOUNT_IDS.suspense);
    const main = entry.lines.find((l) => l.accountId !== SYSTEM_ACCOUNT_IDS.suspense);
    if (suspense.length !== 1 || !main) return null;
    return Object.assign(new SingleLineViewOutput(), { accountId: main.accountId, accountName: main.accountName, debit: main.debit, credit: main.credit });
  }

  @Authorized('superuser')
  @Mutation(() => JournalEntryOutput, { description: 'Records the spec\'s single-line entry (date, account, debit or credit, description).' })
  async recordSingleLineJournalEntry(@Arg('input', () => SingleLineJournalEntryInput) input: SingleLineJournalEntryInput, @Ctx() ctx: GraphQLContext): Promise<JournalEntryOutput> {
    const { accounting } = ctx.services;
    const id = await withInputNames(SINGLE_LINE_INPUT_NAMES, () => accounting.journal.record(singleLineToPosted(input.toEntry()), actor(ctx)));
    return JournalEntryOutput.from(await accounting.ledger.entry(id));
  }

  @Authorized('superuser')
  @Mutation(() => JournalEntryOutput, { description: 'Edits a manual entry in the single-line form: a reversal plus the new lines.' })
  async correctSingleLineJournalEntry(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SingleLineJournalEntryInput) input: SingleLineJournalEntryInput,
    @Arg('expectedVersion', () => Int, { nullable: true }) expectedVersion: number | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<JournalEntryOutput> {
    const { accounting } = ctx.services;
    await withInputNames(SINGLE_LINE_INPUT_NAMES, () => accounting.journal.correct(id, singleLineToPosted(input.toEntry()), actor(ctx), expectedVersion ?? undefined));
    return JournalEntryOutput.from(await accounting.ledger.entry(id));
  }
}
