import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { BillingCycle } from '../../domain/billing/periods';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import type { SubscriptionWire } from './subscription.queries';
import { BillingCycleEnum } from '../catalog';
import { ClientRefOutput } from '../invoicing';

export enum SubscriptionStatusEnum {
  active = 'active',
  cancelled = 'cancelled',
}
registerEnumType(SubscriptionStatusEnum, { name: 'SubscriptionStatus' });

@ObjectType('SubscriptionProduct')
export class SubscriptionProductOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => BillingCycleEnum) billingCycle!: BillingCycle;
  @Field(() => Float) price!: number;
}

@ObjectType('Subscription')
export class SubscriptionOutput {
  @Field(() => ID) id!: string;
  @Field(() => ClientRefOutput) client!: ClientRefOutput;
  @Field(() => SubscriptionProductOutput) product!: SubscriptionProductOutput;
  @Field(() => String) startDate!: string;
  @Field(() => SubscriptionStatusEnum) status!: SubscriptionStatus;
  @Field(() => Boolean) autoGenerateInvoices!: boolean;
  @Field(() => String, { nullable: true }) invoicedUntil!: string | null;
  @Field(() => String, { nullable: true }) nextBillingDate!: string | null;
  @Field(() => String, { description: "'Invoiced', 'Due' or 'Not invoiced'." }) invoiceStatus!: string;
  @Field(() => Int) version!: number;

  static from(s: SubscriptionWire): SubscriptionOutput {
    return Object.assign(new SubscriptionOutput(), {
      id: s.id,
      client: s.client,
      product: { id: s.product.id, name: s.product.name, billingCycle: s.product.billing_cycle, price: s.product.price },
      startDate: s.start_date,
      status: s.status,
      autoGenerateInvoices: s.auto_generate_invoices,
      invoicedUntil: s.invoiced_until,
      nextBillingDate: s.next_billing_date,
      invoiceStatus: s.invoice_status,
      version: s.version,
    });
  }
}

@ObjectType('SubscriptionPage')
export class SubscriptionPage {
  @Field(() => [SubscriptionOutput]) items!: SubscriptionOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('RefusedPeriod', { description: 'A period recurring generation may not issue yet (its invoice date is in a locked period, say): nothing of it was written.' })
export class RefusedPeriodOutput {
  @Field(() => ID) subscriptionId!: string;
  @Field(() => String) periodStart!: string;
  @Field(() => String, { description: 'Last day of the period.' }) periodEnd!: string;
  @Field(() => String, { description: 'The invoice date that was refused.' }) date!: string;
  @Field(() => String, { description: 'Why: BOOKS_LOCKED, or the refusal code.' }) reason!: string;
  @Field(() => String) message!: string;
}

@ObjectType('GenerationResult')
export class GenerationResultOutput {
  @Field(() => Int) created!: number;
  @Field(() => Int, { description: 'Periods another run had already issued.' }) skipped!: number;
  @Field(() => Int) subscriptions!: number;
  @Field(() => [RefusedPeriodOutput], { description: "Periods refused as a person's new invoice would be; their subscriptions' later periods wait for them." }) refused!: RefusedPeriodOutput[];
}
