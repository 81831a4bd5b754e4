import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { InvoiceOutput } from '../invoicing';
import type { GraphQLContext } from '../platform/graphql/context';
import { requestOrigin } from '../platform/http/request-origin';
import { CheckoutSessionOutput, PaymentOutput, RefundPaymentInput } from './payment.output';
import { PAYMENT_NOT_FOUND } from '../../domain/invoice/money-movements';
import { pathId } from '../platform/wire';
import { cleanArg, withInputNames } from '../platform/graphql/validators';
import { paymentsLoaderFor } from './payments-loader';

@Resolver()
export class PaymentResolver {
  // Logged-in only: the anonymous pay link uses the rate-limited REST route.
  @Authorized()
  @Mutation(() => CheckoutSessionOutput, { description: 'Opens a hosted checkout for the open amount of an invoice.' })
  async createCheckoutSession(
    @Arg('invoiceId', () => ID) invoiceId: string,
    @Arg('returnTo', () => String, { nullable: true, description: 'The page to come back to, e.g. /portal/dashboard.', validateFn: cleanArg('returnTo', 'single') })
    returnTo: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CheckoutSessionOutput> {
    return ctx.services.payments.createCheckoutSession(invoiceId, returnTo, ctx.user, requestOrigin(ctx.req));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, {
    nullable: true,
    description:
      'Refunds (part of) a payment: through Stripe for card payments, recorded as paid out for the others. Answers the invoice, or null when it was deleted (a payment alert).',
  })
  async refundPayment(
    @Arg('paymentId', () => ID) paymentId: string,
    @Arg('input', () => RefundPaymentInput) input: RefundPaymentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvoiceOutput | null> {
    const id = pathId(paymentId, PAYMENT_NOT_FOUND);
    const { invoiceId } = await withInputNames({ amountCents: 'amount' }, () => ctx.services.payments.movements.refund(id, input.toInput(), ctx.user!.id));
    // The money has moved by now: a deleted invoice's payment (kept as credit balance) is no error.
    const invoice = await ctx.services.billing.invoices.get(invoiceId);
    return invoice ? InvoiceOutput.from(invoice) : null;
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
