import { ArrayMaxSize, IsIn, IsNotEmpty, IsOptional, IsUUID, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import type { BillingCycle } from '../../domain/billing/periods';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import { MAX_INVOICE_NUMBER_LENGTH } from '../../domain/billing/numbering';
import type { CreateInvoice, RecordInvoicePayment, UpdateInvoice } from '../../domain/invoice/commands';
import type { LineInput } from '../../domain/invoice/decide';
import { InputConversion, IsIsoDay } from '../graphql/validators';
import { BillingCycleEnum, SubscriptionStatusEnum } from './billing.output';

/**
 * GraphQL inputs. Each maps to the REST body (snake_case) and goes through the same service
 * validation, so both transports accept and refuse exactly the same things.
 */

const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

@InputType()
export class ClientInput {
  @Field(() => String) @MaxLength(200) name!: string;
  @Field(() => String) @MaxLength(254) email!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) phone?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(500) address?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) vatNumber?: string;
  @Field(() => String, { nullable: true, description: 'en, el or ru.' }) @IsOptional() language?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() version?: number;

  toBody() {
    return drop({ name: this.name, email: this.email, phone: this.phone, address: this.address, vat_number: this.vatNumber, language: this.language, version: this.version });
  }
}

@InputType()
export class ProductInput {
  @Field(() => String) @MaxLength(200) name!: string;
  @Field(() => Float, { description: 'Euros, at most two decimals.' }) price!: number;
  @Field(() => BillingCycleEnum, { nullable: true }) @IsOptional() billingCycle?: BillingCycle;
  @Field(() => Float, { nullable: true, description: 'Percent.' }) @IsOptional() vatRate?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() version?: number;

  toBody() {
    return drop({ name: this.name, price: this.price, billing_cycle: this.billingCycle, vat_rate: this.vatRate, version: this.version });
  }
}

@InputType()
export class SubscriptionInput {
  @Field(() => ID, { nullable: true }) @IsOptional() clientId?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() productId?: string;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) startDate!: string;
  @Field(() => SubscriptionStatusEnum, { nullable: true }) @IsOptional() status?: SubscriptionStatus;
  @Field(() => Boolean, { nullable: true }) @IsOptional() autoGenerateInvoices?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() version?: number;

  toBody() {
    return drop({
      client: this.clientId,
      product: this.productId,
      start_date: this.startDate,
      status: this.status,
      auto_generate_invoices: this.autoGenerateInvoices,
      version: this.version,
    });
  }
}

@InputType()
export class InvoiceItemInput {
  @Field(() => String) @IsNotEmpty({ message: 'This field may not be blank.' }) @MaxLength(500) description!: string;
  @Field(() => Float, { nullable: true, defaultValue: 1 }) quantity?: number;
  @Field(() => Float, { description: 'Euros.' }) unitPrice!: number;
  @Field(() => Float, { nullable: true, defaultValue: 0, description: 'Percent.' }) vatRate?: number;
}

@InputType()
export class InvoiceInput {
  @Field(() => ID) @IsUUID('all', { message: 'Invalid pk - client does not exist.' }) clientId!: string;
  @Field(() => String, { nullable: true, description: 'Blank: the next number of the year.' }) @IsOptional() @MaxLength(MAX_INVOICE_NUMBER_LENGTH) invoiceNumber?: string;
  @Field(() => String) @IsIsoDay() date!: string;
  @Field(() => String) @IsIsoDay() dueDate!: string;
  @Field(() => Boolean, { nullable: true }) @IsOptional() paid?: boolean;
  @Field(() => [InvoiceItemInput], { nullable: true, description: 'Absent on update: lines unchanged.' })
  @IsOptional()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  items?: InvoiceItemInput[];
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  private lines(): LineInput[] | undefined {
    const convert = new InputConversion();
    const lines = this.items?.map((item, i) => ({
      description: item.description.trim(),
      quantityMilli: convert.milli(item.quantity ?? 1, `items.${i}.quantity`),
      unitPriceCents: convert.cents(item.unitPrice, `items.${i}.unitPrice`),
      vatRateBp: convert.basisPoints(item.vatRate ?? 0, `items.${i}.vatRate`),
    }));
    return convert.done(lines);
  }

  toCreate(): CreateInvoice {
    return { clientId: this.clientId.toLowerCase(), invoiceNumber: this.invoiceNumber ?? undefined, date: this.date, dueDate: this.dueDate, paid: this.paid ?? undefined, lines: this.lines() };
  }

  toUpdate(invoiceId: string): UpdateInvoice {
    return { ...this.toCreate(), invoiceId, expectedVersion: this.version ?? undefined };
  }
}

@InputType()
export class CompanySettingsInput {
  @Field(() => String) @MaxLength(200) name!: string;
  @Field(() => String) address!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) email!: string;
  @Field(() => String) registrationNumber!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String) jurisdiction!: string;

  toBody() {
    return {
      name: this.name,
      address: this.address,
      phone: this.phone,
      email: this.email,
      registration_number: this.registrationNumber,
      vat_number: this.vatNumber,
      jurisdiction: this.jurisdiction,
    };
  }
}

const PAYMENT_METHODS = { card: 'card', bank_transfer: 'bank', cash: 'cash', other: 'other' } as const;

@InputType()
export class InvoicePaymentInput {
  @Field(() => Float, { description: 'Euros, at most two decimals; above what is owed leaves a credit balance.' }) amount!: number;
  @Field(() => String, { description: 'YYYY-MM-DD, not before the invoice date.' }) @IsIsoDay() date!: string;
  @Field(() => String, { description: 'card, bank_transfer, cash or other.' })
  @IsIn(Object.keys(PAYMENT_METHODS), { message: 'Choose card, bank_transfer, cash or other.' })
  method!: keyof typeof PAYMENT_METHODS;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) reference?: string;

  toCommand(invoiceId: string): RecordInvoicePayment {
    const convert = new InputConversion();
    const amountCents = convert.cents(this.amount, 'amount');
    return convert.done({ invoiceId, amountCents, date: this.date, method: PAYMENT_METHODS[this.method], reference: this.reference ?? undefined });
  }
}
