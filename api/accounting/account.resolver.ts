import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { cleanArg } from '../platform/graphql/validators';
import { UnauthenticatedError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../platform/graphql/context';
import { CreateAccountInput } from './accounting.input';
import { AccountOutput } from './accounting.output';

const actor = (ctx: GraphQLContext): string => {
  if (!ctx.user) throw new UnauthenticatedError();
  return ctx.user.id;
};

@Resolver()
export class AccountResolver {
  @Authorized('superuser')
  @Query(() => [AccountOutput], { description: 'The chart of accounts, by code.' })
  async accounts(
    @Arg('includeInactive', () => Boolean, { defaultValue: false }) includeInactive: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AccountOutput[]> {
    return (await ctx.services.accounting.accounts.list({ includeInactive })).map(AccountOutput.from);
  }

  @Authorized('superuser')
  @Mutation(() => AccountOutput)
  async createAccount(@Arg('input', () => CreateAccountInput) input: CreateAccountInput, @Ctx() ctx: GraphQLContext): Promise<AccountOutput> {
    const account = await ctx.services.accounting.accounts.create(
      { code: input.code, name: input.accountName, type: input.type, cashFlowClass: input.cashFlowClass },
      actor(ctx),
    );
    return AccountOutput.from(account);
  }

  @Authorized('superuser')
  @Mutation(() => AccountOutput)
  async renameAccount(
    @Arg('id', () => ID) id: string,
    @Arg('accountName', () => String, { validateFn: cleanArg('accountName', 'single') }) accountName: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AccountOutput> {
    return AccountOutput.from(await ctx.services.accounting.accounts.rename(id, accountName, actor(ctx)));
  }

  @Authorized('superuser')
  @Mutation(() => AccountOutput, { description: 'Deactivated accounts keep their history but take no new postings.' })
  async setAccountActive(
    @Arg('id', () => ID) id: string,
    @Arg('active', () => Boolean) active: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AccountOutput> {
    return AccountOutput.from(await ctx.services.accounting.accounts.setActive(id, active, actor(ctx)));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean, { description: 'Only an account without postings can be deleted.' })
  async deleteAccount(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.accounting.accounts.delete(id, actor(ctx));
    return true;
  }
}
