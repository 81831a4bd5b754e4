import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { ValidationError } from '../../domain/shared/errors';
import { centsToEuros } from '../../domain/shared/money';
import { pathId, toIso } from '../platform/wire';
import type { GraphQLContext } from '../platform/graphql/context';
import { PaymentAlerts, type PaymentAlertRow } from './payment-alerts';

@ObjectType('PaymentAlert', {
  description: 'A gateway payment for an invoice already cancelled or deleted (kept as credit balance until applied or refunded), or one dated in a locked period (posted on the first open day).',
})
export class PaymentAlertOutput {
  @Field(() => ID, { description: 'The payment id (refund it with refundPayment).' }) id!: string;
  @Field(() => ID) invoiceId!: string;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => ID) clientId!: string;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => String, { description: 'cancelled or deleted: what the invoice was when the money arrived; locked: its day was in a locked period (see postedOn).' })
  reason!: string;
  @Field(() => Number, { description: 'Euros.' }) amount!: number;
  @Field(() => Number, { description: 'Refunded of it so far, euros.' }) refundedAmount!: number;
  @Field(() => String, { description: 'YYYY-MM-DD: the day the customer paid.' }) date!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: the first open day the ledger posted it on, when its own day was locked.' })
  postedOn!: string | null;
  @Field(() => String, { nullable: true }) reference!: string | null;
  @Field(() => String) recordedAt!: string;
  @Field(() => Boolean) handled!: boolean;
  @Field(() => String, { nullable: true }) handledAt!: string | null;

  static from(r: PaymentAlertRow): PaymentAlertOutput {
    return Object.assign(new PaymentAlertOutput(), {
      id: r.payment_id,
      invoiceId: r.invoice_id,
      invoiceNumber: r.invoice_number,
      clientId: r.client_id,
      clientName: r.client_name,
      reason: r.reason,
      amount: centsToEuros(Number(r.amount_cents)),
      refundedAmount: centsToEuros(Number(r.refunded_cents)),
      date: String(r.date),
      postedOn: r.posted_on === null ? null : String(r.posted_on),
      reference: r.reference,
      recordedAt: toIso(r.recorded_at),
      handled: r.handled_at !== null,
      handledAt: r.handled_at === null ? null : toIso(r.handled_at),
    });
  }
}

@ObjectType('PaymentAlertPage')
export class PaymentAlertPage {
  @Field(() => [PaymentAlertOutput]) items!: PaymentAlertOutput[];
  @Field(() => Int) total!: number;
}

@Resolver()
export class PaymentAlertResolver {
  private alerts(ctx: GraphQLContext): PaymentAlerts {
    return new PaymentAlerts(ctx.deps.db, ctx.deps.clock);
  }

  @Authorized('superuser')
  @Query(() => PaymentAlertPage, { description: 'Newest first; handled null lists all.' })
  async paymentAlerts(
    @Arg('handled', () => Boolean, { nullable: true }) handled: boolean | null,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PaymentAlertPage> {
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > 200) {
      throw new ValidationError('Please correct the errors below.', { limit: ['Must be between 1 and 200.'] });
    }
    const page = await this.alerts(ctx).list(handled, offset, limit);
    return { items: page.items.map(PaymentAlertOutput.from), total: page.total };
  }

  @Authorized('superuser')
  @Mutation(() => Boolean, { description: 'Marks an alert handled (or not again).' })
  async markPaymentAlertHandled(
    @Arg('id', () => ID) id: string,
    @Arg('handled', () => Boolean, { defaultValue: true }) handled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await this.alerts(ctx).markHandled(pathId(id, 'Alert not found.'), handled, ctx.user!.id);
    return true;
  }
}
