import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { cleanArg } from '../../platform/graphql/validators';
import type { GraphQLContext } from '../../platform/graphql/context';
import { TwoFactorProofInput } from './two-factor.input';
import { clientAddress } from '../login-throttle';
import { TwoFactorSetupOutput, TwoFactorStatusOutput } from './two-factor.output';

/** The GraphQL twin of /api/two-factor/; the second login step is `login(..., otp)`. */
@Resolver()
export class TwoFactorResolver {
  @Authorized()
  @Query(() => TwoFactorStatusOutput)
  async twoFactorStatus(@Ctx() ctx: GraphQLContext): Promise<TwoFactorStatusOutput> {
    return TwoFactorStatusOutput.from(await ctx.services.auth.twoFactor.status(ctx.user!));
  }

  @Authorized()
  @Mutation(() => TwoFactorSetupOutput, { description: 'Re-checks the password, then starts enrolment with a fresh secret.' })
  async beginTwoFactorSetup(@Arg('password', () => String, { validateFn: cleanArg('password', 'single') }) password: string, @Ctx() ctx: GraphQLContext): Promise<TwoFactorSetupOutput> {
    return TwoFactorSetupOutput.from(await ctx.services.auth.twoFactor.beginSetup(ctx.user!, password, clientAddress(ctx.req)));
  }

  @Authorized()
  @Mutation(() => [String], { description: 'Confirms enrolment with a code from the app; answers the ten recovery codes, once.' })
  async enableTwoFactor(@Arg('otp', () => String, { validateFn: cleanArg('otp', 'single') }) otp: string, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.services.auth.twoFactor.enable(ctx.user!, otp, clientAddress(ctx.req));
  }

  @Authorized()
  @Mutation(() => [String], { description: 'Replaces the recovery codes; needs a current code.' })
  async renewRecoveryCodes(@Arg('otp', () => String, { validateFn: cleanArg('otp', 'single') }) otp: string, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.services.auth.twoFactor.renewRecoveryCodes(ctx.user!, otp, clientAddress(ctx.req));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Needs a current code, a recovery code or the password.' })
  async disableTwoFactor(@Arg('input', () => TwoFactorProofInput) input: TwoFactorProofInput, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.auth.twoFactor.disable(ctx.user!, { otp: input.otp ?? undefined, password: input.password ?? undefined }, clientAddress(ctx.req));
    return true;
  }
}
