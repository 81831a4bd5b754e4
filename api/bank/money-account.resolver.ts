import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../platform/graphql/context';
import { pathId } from '../platform/wire';
import { MoneyAccountDefaultsInput, MoneyAccountInput } from './money-account.input';
import { MoneyAccountDefaultsOutput, MoneyAccountOutput } from './money-account.output';
import { MONEY_ACCOUNT_NOT_FOUND } from '../../domain/bank/money-account';

@Resolver(() => MoneyAccountOutput)
export class MoneyAccountResolver {
  @Authorized('superuser')
  @Query(() => [MoneyAccountOutput], { description: 'The bank accounts and the cash box, the default bank account first.' })
  async moneyAccounts(@Ctx() ctx: GraphQLContext): Promise<MoneyAccountOutput[]> {
    return (await ctx.services.bank.moneyAccounts.list()).map(MoneyAccountOutput.from);
  }

  @Authorized('superuser')
  @Query(() => MoneyAccountOutput)
  async moneyAccount(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<MoneyAccountOutput> {
    return MoneyAccountOutput.from(await ctx.services.bank.moneyAccounts.get(pathId(id, MONEY_ACCOUNT_NOT_FOUND)));
  }

  @Authorized('superuser')
  @Mutation(() => MoneyAccountOutput)
  async createMoneyAccount(@Arg('input', () => MoneyAccountInput) input: MoneyAccountInput, @Ctx() ctx: GraphQLContext): Promise<MoneyAccountOutput> {
    return MoneyAccountOutput.from(await ctx.services.bank.moneyAccounts.create(input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => MoneyAccountOutput)
  async updateMoneyAccount(@Arg('id', () => ID) id: string, @Arg('input', () => MoneyAccountInput) input: MoneyAccountInput, @Ctx() ctx: GraphQLContext): Promise<MoneyAccountOutput> {
    return MoneyAccountOutput.from(await ctx.services.bank.moneyAccounts.update(pathId(id, MONEY_ACCOUNT_NOT_FOUND), input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean)
  async deleteMoneyAccount(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.bank.moneyAccounts.remove(pathId(id, MONEY_ACCOUNT_NOT_FOUND), ctx.user!.id);
    return true;
  }

  @Authorized('superuser')
  @Query(() => MoneyAccountDefaultsOutput, { description: 'The money account each payment method and Stripe’s payouts go to unless told otherwise.' })
  async moneyAccountDefaults(@Ctx() ctx: GraphQLContext): Promise<MoneyAccountDefaultsOutput> {
    return MoneyAccountDefaultsOutput.from(await ctx.services.bank.moneyAccounts.getDefaults());
  }

  @Authorized('superuser')
  @Mutation(() => MoneyAccountDefaultsOutput, { description: 'Replaces every purpose’s default (null: the built-in rule).' })
  async updateMoneyAccountDefaults(@Arg('input', () => MoneyAccountDefaultsInput) input: MoneyAccountDefaultsInput, @Ctx() ctx: GraphQLContext): Promise<MoneyAccountDefaultsOutput> {
    return MoneyAccountDefaultsOutput.from(await ctx.services.bank.moneyAccounts.saveDefaults(input.toCommand(), ctx.user!.id));
  }
}
