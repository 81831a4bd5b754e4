import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { InvoiceItemWire, InvoiceWire } from './invoice.queries';

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
  @Field(() => ID, { nullable: true, description: 'The catalogue product the line sells.' }) productId!: string | null;
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
  productId: l.product,
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
  @Field(() => Boolean, { description: 'Written off as a bad debt (also once payments recovered it).' }) writtenOff!: boolean;
  @Field(() => Float, { description: 'The open amount written off (0 when not written off).' }) writtenOffAmount!: number;
  @Field(() => String, { nullable: true, description: 'The write-off day.' }) writtenOffOn!: string | null;
  @Field(() => Float, { description: 'What payments after the write-off recovered of it.' }) recoveredAmount!: number;
  @Field(() => Boolean, { description: 'The buyer accounts for the VAT (an EU business in another member state).' }) reverseCharge!: boolean;
  @Field(() => [InvoiceItemOutput]) items!: InvoiceItemOutput[];
  @Field(() => ID, { nullable: true }) subscriptionId!: string | null;
  @Field(() => String, { nullable: true }) periodStart!: string | null;
  @Field(() => String, { nullable: true, description: 'Last day of the billed period.' }) periodEnd!: string | null;
  @Field(() => Int, { description: 'Stream revision; echo it on update for a conflict error.' }) version!: number;
  @Field(() => String, { nullable: true, description: 'The ISO 11649 creditor reference a bank transfer quotes (RF…, no spaces); null for a draft.' })
  paymentReference!: string | null;
  @Field(() => String, { description: 'ISO 4217: the currency of its amounts (EUR unless its client is invoiced in another).' }) currency!: string;
  @Field(() => Float, { nullable: true, description: 'Units of that currency per euro it was posted at (the rate of its date); null in euros.' }) exchangeRate!: number | null;

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
      writtenOff: i.written_off,
      writtenOffAmount: i.written_off_amount,
      writtenOffOn: i.written_off_on,
      recoveredAmount: i.recovered_amount,
      reverseCharge: i.reverse_charge,
      items: i.items.map(itemOutput),
      subscriptionId: i.subscription,
      periodStart: i.period_start,
      periodEnd: i.period_end,
      version: i.version,
      paymentReference: i.payment_reference,
      currency: i.currency,
      exchangeRate: i.exchange_rate,
    });
  }
}

@ObjectType('InvoicePage', { simpleResolvers: true })
export class InvoicePage {
  @Field(() => [InvoiceOutput]) items!: InvoiceOutput[];
  @Field(() => Int) total!: number;
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
  @Field(() => String, { nullable: true, description: 'The ISO 11649 creditor reference to quote in a bank transfer; null for a draft.' })
  paymentReference!: string | null;
  @Field(() => String, { description: 'ISO 4217: the currency of its amounts (EUR unless the client is invoiced in another).' }) currency!: string;
  @Field(() => Boolean, { description: 'Pay Now can charge it by card: in euros always; in another currency where Stripe is configured.' }) cardPayment!: boolean;
}

@ObjectType('InvoiceHistoryEntry')
export class InvoiceHistoryEntryOutput {
  @Field(() => String, { description: 'Event type: InvoiceIssued, InvoiceEdited, InvoiceSent, PaymentRecorded, InvoiceVoided, InvoiceCredited; or PaymentReminderSent for a payment reminder.' }) type!: string;
  @Field(() => String) at!: string;
  @Field(() => String, { description: "User id, or 'system' / 'stripe' / 'scheduler'." }) actor!: string;
  @Field(() => Int) revision!: number;
  @Field(() => String, { description: 'The event data as JSON (amounts in cents).' }) data!: string;
}
