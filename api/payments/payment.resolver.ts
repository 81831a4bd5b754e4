import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context';
import { CheckoutSessionOutput } from './payment.output';

@Resolver()
export class PaymentResolver {
  // Logged-in only: the anonymous pay link uses the rate-limited REST route.
  @Authorized()
  @Mutation(() => CheckoutSessionOutput, { description: 'Opens a hosted checkout for the open amount of an invoice.' })
  async createCheckoutSession(
    @Arg('invoiceId', () => ID) invoiceId: string,
    @Arg('returnTo', () => String, { nullable: true, description: 'The page to come back to, e.g. /portal/dashboard.' })
    returnTo: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CheckoutSessionOutput> {
    return ctx.services.payments.createCheckoutSession(invoiceId, returnTo, ctx.user);
  }
}
