import { Arg, Authorized, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { UnauthenticatedError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../platform/graphql/context';
import { cleanArg, withInputNames } from '../platform/graphql/validators';
import type { AccountingSettings } from './books.service';

@ObjectType('FiscalYear')
export class FiscalYearOutput {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
}

@ObjectType('AccountingSettings')
export class AccountingSettingsOutput {
  @Field(() => String, { nullable: true, description: 'Every day on or before it is closed to postings (YYYY-MM-DD); null: no lock.' }) lockedThrough!: string | null;
  @Field(() => Int, { description: "The fiscal year's first month, 1 = January." }) fiscalYearStartMonth!: number;
  @Field(() => FiscalYearOutput) currentFiscalYear!: FiscalYearOutput;
  @Field(() => [FiscalYearOutput], { description: 'Closed fiscal years, oldest first.' }) closedYears!: FiscalYearOutput[];
  @Field(() => Int, { description: 'Bank statement lines on or before the lock not reconciled yet (0 without a lock): a warning, not a refusal.' }) unreconciledLinesThroughLock!: number;

  static from(s: AccountingSettings): AccountingSettingsOutput {
    return Object.assign(new AccountingSettingsOutput(), {
      lockedThrough: s.lockedThrough,
      fiscalYearStartMonth: s.fiscalYearStartMonth,
      currentFiscalYear: s.currentFiscalYear,
      closedYears: s.closedYears.map(({ from, to }) => ({ from, to })),
      unreconciledLinesThroughLock: s.unreconciledLinesThroughLock,
    });
  }
}


const actorOf = (ctx: GraphQLContext): string => {
  if (!ctx.user) throw new UnauthenticatedError();
  return ctx.user.id;
};

/** GraphQL over the same BooksService as REST's /api/accounting/lock/ and year-end close. */
@Resolver()
export class BooksResolver {
  @Authorized('superuser')
  @Query(() => AccountingSettingsOutput, { description: 'The period lock, the fiscal year and the closed years.' })
  async accountingSettings(@Ctx() ctx: GraphQLContext): Promise<AccountingSettingsOutput> {
    return AccountingSettingsOutput.from(await ctx.services.accounting.books.settings());
  }

  @Authorized('superuser')
  @Mutation(() => AccountingSettingsOutput, { description: 'Sets (or with null clears) the lock date; a closed year cannot be unlocked this way.' })
  async setBooksLock(@Arg('lockedThrough', () => String, { nullable: true, validateFn: cleanArg('lockedThrough', 'single') }) lockedThrough: string | null, @Ctx() ctx: GraphQLContext): Promise<AccountingSettingsOutput> {
    return AccountingSettingsOutput.from(await ctx.services.accounting.books.setLock(lockedThrough ?? null, actorOf(ctx)));
  }

  @Authorized('superuser')
  @Mutation(() => AccountingSettingsOutput)
  async setFiscalYearStartMonth(@Arg('month', () => Int) month: number, @Ctx() ctx: GraphQLContext): Promise<AccountingSettingsOutput> {
    return AccountingSettingsOutput.from(await withInputNames({ fiscalYearStartMonth: 'month' }, () => ctx.services.accounting.books.setFiscalYearStartMonth(month, actorOf(ctx))));
  }

  @Authorized('superuser')
  @Mutation(() => AccountingSettingsOutput, { description: 'Posts the closing entry of the fiscal year starting in `fiscalYear` and locks it; closing twice is harmless.' })
  async closeFiscalYear(@Arg('fiscalYear', () => Int) fiscalYear: number, @Ctx() ctx: GraphQLContext): Promise<AccountingSettingsOutput> {
    return AccountingSettingsOutput.from(await ctx.services.accounting.books.close(fiscalYear, actorOf(ctx)));
  }

  @Authorized('superuser')
  @Mutation(() => AccountingSettingsOutput, { description: 'Reverses the closing entry of the latest closed year and unlocks it; a reason is required.' })
  async reopenFiscalYear(@Arg('fiscalYear', () => Int) fiscalYear: number, @Arg('reason', () => String, { validateFn: cleanArg('reason', 'multi') }) reason: string, @Ctx() ctx: GraphQLContext): Promise<AccountingSettingsOutput> {
    return AccountingSettingsOutput.from(await ctx.services.accounting.books.reopen(fiscalYear, reason, actorOf(ctx)));
  }
}
