import { Field, Float, ID, ObjectType } from 'type-graphql';
import type { PortalAccount, PortalInvoice, PortalSubscription } from '../platform/contracts/rest.contract';

@ObjectType('PortalProduct')
export class PortalProductOutput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'one_time, monthly or annually' })
  billingCycle!: string;

  @Field(() => Float, { description: 'Net price in euros.' })
  price!: number;
}

@ObjectType('PortalSubscription')
export class PortalSubscriptionOutput {
  @Field(() => ID)
  id!: string;

  @Field(() => PortalProductOutput)
  product!: PortalProductOutput;

  @Field(() => String)
  status!: string;

  @Field(() => String)
  startDate!: string;

  @Field(() => String, { nullable: true })
  nextBillingDate!: string | null;

  @Field(() => String, { nullable: true })
  invoicedUntil!: string | null;

  static from(s: PortalSubscription): PortalSubscriptionOutput {
    return Object.assign(new PortalSubscriptionOutput(), {
      id: s.id,
      product: Object.assign(new PortalProductOutput(), { name: s.product.name, billingCycle: s.product.billing_cycle, price: s.product.price }),
      status: s.status,
      startDate: s.start_date,
      nextBillingDate: s.next_billing_date,
      invoicedUntil: s.invoiced_until,
    });
  }
}

@ObjectType('PortalInvoice')
export class PortalInvoiceOutput {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  invoiceNumber!: string;

  @Field(() => String)
  date!: string;

  @Field(() => String)
  dueDate!: string;

  @Field(() => Number, { description: 'Gross, in `currency`.' })
  totalAmount!: number;

  @Field(() => Number, { description: 'Still owed, in `currency`.' })
  openAmount!: number;

  @Field(() => Number, { description: 'Paid so far, in `currency`; above 0 on an unpaid invoice, it is partly paid.' })
  paidAmount!: number;

  @Field(() => String, { description: 'ISO 4217: the currency of its amounts (EUR unless the client is invoiced in another).' })
  currency!: string;

  @Field(() => Boolean)
  paid!: boolean;

  @Field(() => Boolean, { description: 'Pay Now can charge it by card: in euros always; in another currency where Stripe is configured.' })
  cardPayment!: boolean;

  @Field(() => String, { nullable: true, description: 'The ISO 11649 creditor reference to quote in a bank transfer; null for a draft.' })
  paymentReference!: string | null;

  static from(i: PortalInvoice): PortalInvoiceOutput {
    return Object.assign(new PortalInvoiceOutput(), {
      id: i.id,
      invoiceNumber: i.invoice_number,
      date: i.date,
      dueDate: i.due_date,
      totalAmount: i.total_amount,
      openAmount: i.open_amount,
      paidAmount: i.paid_amount,
      currency: i.currency,
      cardPayment: i.card_payment,
      paid: i.paid,
      paymentReference: i.payment_reference,
    });
  }
}

@ObjectType('PortalAccount', { description: "The logged-in client's own account." })
export class PortalAccountOutput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  phone!: string;

  @Field(() => String)
  address!: string;

  @Field(() => [PortalSubscriptionOutput])
  subscriptions!: PortalSubscriptionOutput[];

  @Field(() => [PortalInvoiceOutput], { description: 'Newest first.' })
  invoices!: PortalInvoiceOutput[];

  @Field(() => Float, { description: 'Paid or credited beyond its invoices: the credit balance, in `currency`.' })
  creditBalance!: number;

  @Field(() => String, { description: "ISO 4217: the client's currency, which its invoices and credit balance are in." })
  currency!: string;

  static from(a: PortalAccount): PortalAccountOutput {
    return Object.assign(new PortalAccountOutput(), {
      name: a.name,
      email: a.email,
      phone: a.phone,
      address: a.address,
      subscriptions: a.subscriptions.map(PortalSubscriptionOutput.from),
      invoices: a.invoices.map(PortalInvoiceOutput.from),
      creditBalance: a.credit_balance,
      currency: a.currency,
    });
  }
}
