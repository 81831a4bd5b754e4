import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { InvoiceOutput } from '../billing/billing.output';
import type { GraphQLContext } from '../graphql/context';
import { requestOrigin } from '../http/request-origin';
import { CheckoutSessionOutput, PaymentOutput } from './payment.output';
import { paymentsLoaderFor } from './payments-loader';

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
    return ctx.services.payments.createCheckoutSession(invoiceId, returnTo, ctx.user, requestOrigin(ctx.req));
  }
}

/** Payments on billing's Invoice type, from the invoice_payments read model. */
@Resolver(() => InvoiceOutput)
export class InvoicePaymentsResolver {
  @FieldResolver(() => [PaymentOutput], { description: 'Payments recorded against the invoice, oldest first.' })
  async payments(@Root() invoice: InvoiceOutput, @Ctx() ctx: GraphQLContext): Promise<PaymentOutput[]> {
    const rows = await paymentsLoaderFor(ctx.req, ctx.deps.db).load(invoice.id);
    return rows.map(PaymentOutput.from);
  }
}
