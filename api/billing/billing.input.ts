import { ArrayMaxSize, IsEmail, IsIn, IsNotEmpty, IsOptional, IsUUID, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import type { BillingCycle } from '../../domain/billing/periods';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import { CLIENT_LANGUAGES, type ClientLanguage, type SaveClient, type SaveProduct, type SaveSubscription, type UpdateCompanySettings } from '../../domain/billing/commands';
import { MAX_INVOICE_NUMBER_LENGTH } from '../../domain/billing/numbering';
import { ValidationError } from '../../domain/shared/errors';
import type { CreateInvoice, RecordInvoicePayment, UpdateInvoice } from '../../domain/invoice/commands';
import type { LineInput } from '../../domain/invoice/decide';
import type { ApplyCredit } from './client-credit.service';
import { NOT_A_COUNTRY, UNKNOWN_VAT_CATEGORY, VAT_CATEGORIES, type VatCategory } from '../../domain/invoice/vat';
import { InputConversion, IsIsoDay } from '../graphql/validators';
import { SELECT_CLIENT_AND_PRODUCT } from './billing.schema';
import { BillingCycleEnum, SubscriptionStatusEnum } from './billing.output';
import { REQUIRED } from './wire';

/**
 * GraphQL inputs. Each validates itself (class-validator) and builds the service's command with the
 * domain's own parsers for money and rates; field errors name the input's fields.
 */

const BLANK = { message: 'This field may not be blank.' };
const optionalText = (v: string | null | undefined) => (v ?? '').trim();

@InputType()
export class ClientInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) name!: string;
  @Field(() => String) @IsEmail({}, { message: 'Enter a valid email address.' }) @MaxLength(254) email!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) phone?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(500) address?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) vatNumber?: string;
  @Field(() => String, { nullable: true, description: 'en, el or ru; absent: en (create) or unchanged (update).' }) @IsOptional() @IsIn([...CLIENT_LANGUAGES]) language?: ClientLanguage;
  @Field(() => String, { nullable: true, description: "ISO 3166-1 alpha-2; absent: the company's country (create) or unchanged (update)." })
  @IsOptional()
  @MaxLength(2, { message: NOT_A_COUNTRY })
  country?: string;
  @Field(() => Boolean, { nullable: true, description: 'No payment reminders to this client; absent: false (create) or unchanged (update).' })
  @IsOptional()
  remindersExcluded?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveClient {
    return {
      name: this.name.trim(),
      email: this.email.trim(),
      phone: optionalText(this.phone),
      address: optionalText(this.address),
      vatNumber: optionalText(this.vatNumber),
      language: this.language ?? undefined,
      country: this.country?.trim() || undefined,
      remindersExcluded: this.remindersExcluded ?? undefined,
      expectedVersion: this.version ?? undefined,
    };
  }
}

@InputType()
export class ProductInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) name!: string;
  @Field(() => Float, { description: 'Euros, at most two decimals.' }) price!: number;
  @Field(() => BillingCycleEnum, { nullable: true }) @IsOptional() billingCycle?: BillingCycle;
  @Field(() => Float, { nullable: true, description: 'Percent.' }) @IsOptional() vatRate?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveProduct {
    const convert = new InputConversion();
    const command = {
      name: this.name.trim(),
      priceCents: convert.cents(this.price, 'price'),
      billingCycle: this.billingCycle ?? 'one_time',
      vatRateBp: convert.basisPoints(this.vatRate ?? 0, 'vatRate'),
      expectedVersion: this.version ?? undefined,
    };
    return convert.done(command);
  }
}

@InputType()
export class SubscriptionInput {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', { message: 'Invalid pk - client does not exist.' }) clientId?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', { message: 'Invalid pk - product does not exist.' }) productId?: string;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) @IsIsoDay() startDate!: string;
  @Field(() => SubscriptionStatusEnum, { nullable: true }) @IsOptional() status?: SubscriptionStatus;
  @Field(() => Boolean, { nullable: true }) @IsOptional() autoGenerateInvoices?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveSubscription {
    if (!this.clientId || !this.productId) {
      const errors = { ...(this.clientId ? {} : { clientId: [REQUIRED] }), ...(this.productId ? {} : { productId: [REQUIRED] }) };
      throw new ValidationError(SELECT_CLIENT_AND_PRODUCT, errors);
    }
    return {
      clientId: this.clientId.toLowerCase(),
      productId: this.productId.toLowerCase(),
      startDate: this.startDate,
      status: this.status ?? 'active',
      autoGenerateInvoices: this.autoGenerateInvoices ?? true,
      expectedVersion: this.version ?? undefined,
    };
  }
}

@InputType()
export class InvoiceItemInput {
  @Field(() => String) @IsNotEmpty({ message: 'This field may not be blank.' }) @MaxLength(500) description!: string;
  @Field(() => Float, { nullable: true, defaultValue: 1 }) quantity?: number;
  @Field(() => Float, { description: 'Euros.' }) unitPrice!: number;
  @Field(() => Float, { nullable: true, defaultValue: 0, description: 'Percent.' }) vatRate?: number;
  @Field(() => String, { nullable: true, description: 'S, Z, E or AE; absent: decided from the rate and the parties.' })
  @IsOptional()
  @IsIn([...VAT_CATEGORIES], { message: UNKNOWN_VAT_CATEGORY })
  vatCategory?: VatCategory;
  @Field(() => String, { nullable: true, description: 'Why an exempt (E) line is exempt.' }) @IsOptional() @MaxLength(300) vatExemptionReason?: string;
}

/** GraphQL items (euros, percent, decimal quantities) as the domain's lines, refusals under `items.<i>.<field>`. */
export const linesOf = (items: InvoiceItemInput[], convert: InputConversion): LineInput[] =>
  items.map((item, i) => ({
    description: item.description.trim(),
    quantityMilli: convert.milli(item.quantity ?? 1, `items.${i}.quantity`),
    unitPriceCents: convert.cents(item.unitPrice, `items.${i}.unitPrice`),
    vatRateBp: convert.basisPoints(item.vatRate ?? 0, `items.${i}.vatRate`),
    ...(item.vatCategory ? { vatCategory: item.vatCategory } : {}),
    ...(item.vatExemptionReason?.trim() ? { exemptionReason: item.vatExemptionReason.trim() } : {}),
  }));

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
    return convert.done(this.items && linesOf(this.items, convert));
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
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) name!: string;
  @Field(() => String) @MaxLength(500) address!: string;
  @Field(() => String) @MaxLength(50) phone!: string;
  @Field(() => String) @IsEmail({}, { message: 'Enter a valid email address.' }) @MaxLength(254) email!: string;
  @Field(() => String) @MaxLength(100) registrationNumber!: string;
  @Field(() => String) @MaxLength(100) vatNumber!: string;
  @Field(() => String) @MaxLength(200) jurisdiction!: string;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2; absent: unchanged.' }) @IsOptional() @MaxLength(2, { message: NOT_A_COUNTRY }) country?: string;
  @Field(() => String, { nullable: true, description: 'Printed on invoices; empty removes it; absent: unchanged.' }) @IsOptional() @MaxLength(42) iban?: string;
  @Field(() => String, { nullable: true, description: 'Absent: unchanged.' }) @IsOptional() @MaxLength(11, { message: 'Enter a valid BIC (8 or 11 letters and digits).' }) bic?: string;
  @Field(() => Float, { nullable: true, description: 'Percent, 0 to 100, at most two decimals: what new products and invoice lines start with. Absent: unchanged.' })
  @IsOptional()
  standardVatRate?: number;
  @Field(() => [Int], { nullable: true, description: 'Payment reminder days from the due date (negative: before it), -60 to 365, each once, at most 10; empty: no reminders; absent: unchanged.' })
  @IsOptional()
  reminderDays?: number[];

  toCommand(): UpdateCompanySettings {
    const convert = new InputConversion();
    return convert.done({
      name: this.name.trim(),
      address: this.address.trim(),
      phone: this.phone.trim(),
      email: this.email.trim(),
      registrationNumber: this.registrationNumber.trim(),
      vatNumber: this.vatNumber.trim(),
      jurisdiction: this.jurisdiction.trim(),
      ...(this.country != null ? { country: this.country } : {}),
      ...(this.iban != null ? { iban: this.iban } : {}),
      ...(this.bic != null ? { bic: this.bic } : {}),
      ...(this.standardVatRate != null ? { standardVatRateBp: convert.basisPoints(this.standardVatRate, 'standardVatRate') } : {}),
      ...(this.reminderDays != null ? { reminderDays: this.reminderDays } : {}),
    });
  }
}

const PAYMENT_METHODS = { card: 'card', bank_transfer: 'bank', cash: 'cash', other: 'other' } as const;

@InputType({ description: "Applies the client's credit balance to one of its open invoices." })
export class ApplyCreditInput {
  @Field(() => ID, { description: 'The open invoice of the client that receives the credit.' }) invoiceId!: string;
  @Field(() => Float, { description: "Euros, at most two decimals; at most the credit balance and the invoice's open amount." }) amount!: number;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, not before the invoice date; today when left out.' }) @IsOptional() @IsIsoDay() date?: string;
  @Field(() => String, { nullable: true, description: 'The same key is the same application (one per dialog, so a double click applies once).' })
  @IsOptional()
  @MaxLength(200)
  idempotencyKey?: string;

  toCommand(clientId: string): ApplyCredit {
    const convert = new InputConversion();
    const amountCents = convert.cents(this.amount, 'amount');
    return convert.done({ clientId, invoiceId: this.invoiceId, amountCents, date: this.date ?? undefined, requestKey: this.idempotencyKey ?? undefined });
  }
}

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
