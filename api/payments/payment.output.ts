import { IsOptional, MaxLength } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { InputConversion, IsCleanText, IsIsoDay } from '../platform/graphql/validators';
import type { RefundInput } from './money-movements.service';
import { centsToEuros } from '../../domain/shared/money';
import type { InvoicePaymentView } from '../../projections/invoice-payments/invoice-payments';

@ObjectType('CheckoutSession', { description: 'A hosted checkout to send the browser to.' })
export class CheckoutSessionOutput {
  @Field(() => String)
  sessionId!: string;

  @Field(() => String, { description: 'Where the browser goes to pay (Stripe, or the simulated checkout).' })
  url!: string;
}

@InputType('RefundPaymentInput')
export class RefundPaymentInput {
  @Field(() => Float, { description: 'Euros, at most two decimals; at most what remains refundable.' }) amount!: number;
  @Field(() => String, { description: 'Why: kept with the refund and sent to Stripe.' }) @MaxLength(500) @IsCleanText('multi') reason!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD for a refund paid out by hand; card refunds are dated by Stripe.' }) @IsOptional() @IsIsoDay() date?: string;
  @Field(() => String, { nullable: true, description: 'The same key is the same refund (one per dialog, so a double click refunds once).' })
  @IsOptional()
  @MaxLength(200)
  @IsCleanText('single')
  idempotencyKey?: string;

  toInput(): RefundInput {
    const convert = new InputConversion();
    const amountCents = convert.cents(this.amount, 'amount');
    return convert.done({ amountCents, reason: this.reason, date: this.date ?? undefined, idempotencyKey: this.idempotencyKey ?? undefined });
  }
}

@ObjectType('PaymentDepositAccount', { description: 'The money account (bank account or cash box) a payment went into.' })
export class PaymentDepositAccountOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
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

  @Field(() => Number, { description: 'Refunded so far (refunds that failed given back), euros.' })
  refundedAmount!: number;

  @Field(() => Number, { description: 'The amount of its dispute, if any, euros.' })
  disputedAmount!: number;

  @Field(() => String, { nullable: true, description: 'open, won or lost; null without a dispute.' })
  disputeStatus!: string | null;

  @Field(() => Number, { description: "What the gateway kept (card and dispute fees), euros." })
  fee!: number;

  @Field(() => PaymentDepositAccountOutput, { nullable: true, description: 'The money account it went into; null for a card payment or applied credit.' })
  depositedTo!: PaymentDepositAccountOutput | null;

  static from(row: InvoicePaymentView): PaymentOutput {
    return Object.assign(new PaymentOutput(), {
      id: row.payment_id,
      amount: centsToEuros(Number(row.amount_cents)),
      amountCents: Number(row.amount_cents),
      date: row.date,
      method: row.method,
      reference: row.reference,
      recordedBy: row.actor,
      recordedAt: new Date(row.recorded_at as string | Date).toISOString(),
      refundedAmount: centsToEuros(Number(row.refunded_cents)),
      disputedAmount: centsToEuros(Number(row.disputed_cents)),
      disputeStatus: row.dispute_status,
      fee: centsToEuros(Number(row.fee_cents)),
      depositedTo: row.deposited_to_id ? Object.assign(new PaymentDepositAccountOutput(), { id: row.deposited_to_id, name: row.deposited_to_name }) : null,
    });
  }
}
