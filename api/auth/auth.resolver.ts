import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { cleanArg } from '../platform/graphql/validators';
import type { GraphQLContext } from '../platform/graphql/context';
import { ChangePasswordInput } from './auth.input';
import { LoginResult, UserOutput } from './user.output';

@Resolver()
export class AuthResolver {
  @Query(() => UserOutput, { nullable: true, description: 'The logged-in user, or null.' })
  me(@Ctx() ctx: GraphQLContext): UserOutput | null {
    return ctx.user ? UserOutput.from(ctx.user) : null;
  }

  @Mutation(() => LoginResult)
  async login(
    @Arg('username', () => String, { validateFn: cleanArg('username', 'single') }) username: string,
    @Arg('password', () => String, { validateFn: cleanArg('password', 'single') }) password: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('otp', () => String, { nullable: true, description: 'The second factor, when a first call answered otpRequired.', validateFn: cleanArg('otp', 'single') }) otp?: string | null,
  ): Promise<LoginResult> {
    const outcome = await ctx.services.auth.login(ctx.req, ctx.res, { username, password, otp: otp ?? undefined });
    if (outcome.otpRequired) return { success: false, otpRequired: true, isSuperuser: null, user: null };
    ctx.user = outcome.user;
    return { success: true, otpRequired: false, isSuperuser: outcome.user.is_superuser, user: UserOutput.from(outcome.user) };
  }

  @Mutation(() => Boolean)
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.auth.logout(ctx.req, ctx.res);
    ctx.user = undefined;
    return true;
  }

  // Signed in is enough: with a generated password, this (and me, logout) is all that answers.
  @Authorized('signed-in')
  @Mutation(() => Boolean)
  async changePassword(
    @Arg('input', () => ChangePasswordInput) input: ChangePasswordInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.auth.changePassword(ctx.req, ctx.res, { oldPassword: input.oldPassword, newPassword: input.newPassword });
    return true;
  }
}
