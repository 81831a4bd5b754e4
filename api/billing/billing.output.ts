import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { BillingCycle } from '../../domain/billing/periods';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import type { ClientWire } from './client.wire';
import type { InvoiceItemWire, InvoiceWire } from './invoice.queries';
import type { ProductWire } from './product.service';
import type { SubscriptionWire } from './subscription.queries';

/** GraphQL shapes of the billing resources: the REST wire objects in camelCase. Amounts are euros. */

export enum BillingCycleEnum {
  one_time = 'one_time',
  monthly = 'monthly',
  annually = 'annually',
}
registerEnumType(BillingCycleEnum, { name: 'BillingCycle' });

export enum SubscriptionStatusEnum {
  active = 'active',
  cancelled = 'cancelled',
}
registerEnumType(SubscriptionStatusEnum, { name: 'SubscriptionStatus' });

export enum InvoicePaidFilter {
  paid = 'paid',
  unpaid = 'unpaid',
}
registerEnumType(InvoicePaidFilter, { name: 'InvoicePaidFilter' });

@ObjectType('ClientRef', { simpleResolvers: true })
export class ClientRefOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
}

@ObjectType('ClientUser')
export class ClientUserOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) username!: string;
}

@ObjectType('Client')
export class ClientOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) address!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String, { description: 'en, el or ru: the language of e-mails to the client.' }) language!: string;
  @Field(() => String, { description: 'ISO 3166-1 alpha-2.' }) country!: string;
  @Field(() => Boolean, { description: 'No payment reminders are sent to this client.' }) remindersExcluded!: boolean;
  @Field(() => String) createdAt!: string;
  @Field(() => ClientUserOutput, { nullable: true }) user!: ClientUserOutput | null;
  @Field(() => Int, { description: 'Echo it on update for a conflict error when someone else changed the client.' }) version!: number;

  static from(c: ClientWire): ClientOutput {
    return Object.assign(new ClientOutput(), { ...c, vatNumber: c.vat_number, remindersExcluded: c.reminders_excluded, createdAt: c.created_at });
  }
}

@ObjectType('Product')
export class ProductOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Float) price!: number;
  @Field(() => BillingCycleEnum) billingCycle!: BillingCycle;
  @Field(() => Float, { description: 'Percent.' }) vatRate!: number;
  @Field(() => Int) version!: number;

  static from(p: ProductWire): ProductOutput {
    return Object.assign(new ProductOutput(), { id: p.id, name: p.name, price: p.price, billingCycle: p.billing_cycle, vatRate: p.vat_rate, version: p.version });
  }
}

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

@ObjectType('InvoiceItem', { simpleResolvers: true })
export class InvoiceItemOutput {
  @Field(() => String) description!: string;
  @Field(() => Float) quantity!: number;
  @Field(() => Float) unitPrice!: number;
  @Field(() => Float, { description: 'Percent.' }) vatRate!: number;
  @Field(() => Float, { description: 'Net line amount.' }) total!: number;
  @Field(() => Float) vatAmount!: number;
  @Field(() => String, { description: 'S standard, Z zero rated, E exempt, AE reverse charge.' }) vatCategory!: string;
  @Field(() => String, { nullable: true, description: 'Why no VAT is charged (E and AE lines).' }) vatExemptionReason!: string | null;
}

/** An item on the wire as the GraphQL type (invoices and credit notes). */
export const itemOutput = (l: InvoiceItemWire): InvoiceItemOutput => ({
  description: l.description,
  quantity: l.quantity,
  unitPrice: l.unit_price,
  vatRate: l.vat_rate,
  total: l.total,
  vatAmount: l.vat_amount,
  vatCategory: l.vat_category,
  vatExemptionReason: l.vat_exemption_reason,
});

@ObjectType('Invoice', { simpleResolvers: true })
export class InvoiceOutput {
  @Field(() => ID) id!: string;
  @Field(() => ClientRefOutput) client!: ClientRefOutput;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => String) date!: string;
  @Field(() => String) dueDate!: string;
  @Field(() => Boolean) paid!: boolean;
  @Field(() => Boolean) sent!: boolean;
  @Field(() => Float, { description: 'Gross.' }) totalAmount!: number;
  @Field(() => Float) netAmount!: number;
  @Field(() => Float) vatAmount!: number;
  @Field(() => Float) paidAmount!: number;
  @Field(() => Float, { description: 'Credit notes against it.' }) creditedAmount!: number;
  @Field(() => Float, { description: 'Still owed after payments and credit notes.' }) openAmount!: number;
  @Field(() => Boolean, { description: 'Sent or paid: only its due date may still change; correct it with a credit note.' }) issued!: boolean;
  @Field(() => Boolean, { description: 'Fully credited: no longer payable.' }) cancelled!: boolean;
  @Field(() => Boolean, { description: 'The buyer accounts for the VAT (an EU business in another member state).' }) reverseCharge!: boolean;
  @Field(() => [InvoiceItemOutput]) items!: InvoiceItemOutput[];
  @Field(() => ID, { nullable: true }) subscriptionId!: string | null;
  @Field(() => String, { nullable: true }) periodStart!: string | null;
  @Field(() => String, { nullable: true, description: 'Last day of the billed period.' }) periodEnd!: string | null;
  @Field(() => Int, { description: 'Stream revision; echo it on update for a conflict error.' }) version!: number;

  static from(i: InvoiceWire): InvoiceOutput {
    return Object.assign(new InvoiceOutput(), {
      id: i.id,
      client: i.client,
      invoiceNumber: i.invoice_number,
      date: i.date,
      dueDate: i.due_date,
      paid: i.paid,
      sent: i.sent,
      totalAmount: i.total_amount,
      netAmount: i.net_amount,
      vatAmount: i.vat_amount,
      paidAmount: i.paid_amount,
      creditedAmount: i.credited_amount,
      openAmount: i.open_amount,
      issued: i.issued,
      cancelled: i.cancelled,
      reverseCharge: i.reverse_charge,
      items: i.items.map(itemOutput),
      subscriptionId: i.subscription,
      periodStart: i.period_start,
      periodEnd: i.period_end,
      version: i.version,
    });
  }
}

@ObjectType('ClientPage')
export class ClientPage {
  @Field(() => [ClientOutput]) items!: ClientOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('SubscriptionPage')
export class SubscriptionPage {
  @Field(() => [SubscriptionOutput]) items!: SubscriptionOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('InvoicePage', { simpleResolvers: true })
export class InvoicePage {
  @Field(() => [InvoiceOutput]) items!: InvoiceOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('CreatedClientUser')
export class CreatedClientUser {
  @Field(() => String) username!: string;
  @Field(() => String, { description: 'Shown once; also e-mailed to the client.' }) password!: string;
}

@ObjectType('GenerationResult')
export class GenerationResultOutput {
  @Field(() => Int) created!: number;
  @Field(() => Int, { description: 'Periods another run had already issued.' }) skipped!: number;
  @Field(() => Int) subscriptions!: number;
}

@ObjectType('CompanySettings')
export class CompanySettingsOutput {
  @Field(() => String) name!: string;
  @Field(() => String) address!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) email!: string;
  @Field(() => String) registrationNumber!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String) jurisdiction!: string;
  @Field(() => String, { description: 'ISO 3166-1 alpha-2.' }) country!: string;
  @Field(() => String, { description: 'Empty when not set.' }) iban!: string;
  @Field(() => String) bic!: string;
  @Field(() => Float, { description: 'Percent: what new products and invoice lines start with.' }) standardVatRate!: number;
  @Field(() => [Int], { description: 'Payment reminders: days from the due date, earliest first (negative: before it); empty: none are sent.' }) reminderDays!: number[];
  @Field(() => String) updatedAt!: string;
}

@ObjectType('PublicInvoice', { description: 'What the anonymous pay link shows.' })
export class PublicInvoiceOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => String) clientName!: string;
  @Field(() => String) date!: string;
  @Field(() => String) dueDate!: string;
  @Field(() => Float) totalAmount!: number;
  @Field(() => Float, { description: 'Still owed after payments and credit notes: what Pay Now charges.' }) openAmount!: number;
  @Field(() => Boolean) paid!: boolean;
  @Field(() => Boolean, { description: 'Fully credited: no longer payable.' }) cancelled!: boolean;
}

@ObjectType('InvoiceHistoryEntry')
export class InvoiceHistoryEntryOutput {
  @Field(() => String, { description: 'Event type: InvoiceIssued, InvoiceEdited, InvoiceSent, PaymentRecorded, InvoiceVoided, InvoiceCredited; or PaymentReminderSent for a payment reminder.' }) type!: string;
  @Field(() => String) at!: string;
  @Field(() => String, { description: "User id, or 'system' / 'stripe' / 'scheduler'." }) actor!: string;
  @Field(() => Int) revision!: number;
  @Field(() => String, { description: 'The event data as JSON (amounts in cents).' }) data!: string;
}
