import { Field, ID, Int, ObjectType } from 'type-graphql';
import { centsToEuros } from '../../domain/shared/money';
import type { InvoicePaymentRow } from '../../projections/invoice-payments/invoice-payments';

@ObjectType('CheckoutSession', { description: 'A hosted checkout to send the browser to.' })
export class CheckoutSessionOutput {
  @Field(() => String)
  sessionId!: string;

  @Field(() => String, { description: 'Where the browser goes to pay (Stripe, or the simulated checkout).' })
  url!: string;
}

@ObjectType('Payment', { description: 'A payment recorded against an invoice.' })
export class PaymentOutput {
  @Field(() => ID)
  id!: string;

  @Field(() => Number, { description: 'Euros, at most two decimals.' })
  amount!: number;

  @Field(() => Int)
  amountCents!: number;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => String, { description: 'stripe, bank or manual' })
  method!: string;

  @Field(() => String, { nullable: true, description: 'The Stripe payment intent, or another reference.' })
  reference!: string | null;

  @Field(() => String, { description: 'Who recorded it: a user id, or stripe/system.' })
  recordedBy!: string;

  @Field(() => String)
  recordedAt!: string;

  static from(row: InvoicePaymentRow): PaymentOutput {
    return Object.assign(new PaymentOutput(), {
      id: row.payment_id,
      amount: centsToEuros(Number(row.amount_cents)),
      amountCents: Number(row.amount_cents),
      date: row.date,
      method: row.method,
      reference: row.reference,
      recordedBy: row.actor,
      recordedAt: new Date(row.recorded_at as string | Date).toISOString(),
    });
  }
}
