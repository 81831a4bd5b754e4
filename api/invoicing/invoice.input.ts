import { ArrayMaxSize, IsIn, IsNotEmpty, IsOptional, IsUUID, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { MAX_INVOICE_NUMBER_LENGTH } from '../../domain/billing/numbering';
import type { CreateInvoice, RecordInvoicePayment, UpdateInvoice, WriteOffBadDebt } from '../../domain/invoice/commands';
import type { LineInput } from '../../domain/invoice/decide';
import type { ApplyCredit } from './client-credit.service';
import { UNKNOWN_VAT_CATEGORY, VAT_CATEGORIES, type VatCategory } from '../../domain/invoice/vat';
import { InputConversion, IsCleanText, IsIsoDay } from '../platform/graphql/validators';

@InputType()
export class InvoiceItemInput {
  @Field(() => String) @IsNotEmpty({ message: 'This field may not be blank.' }) @MaxLength(500) @IsCleanText('single') description!: string;
  @Field(() => Float, { nullable: true, defaultValue: 1 }) quantity?: number;
  @Field(() => Float, { description: 'Euros.' }) unitPrice!: number;
  @Field(() => Float, { nullable: true, defaultValue: 0, description: 'Percent.' }) vatRate?: number;
  @Field(() => String, { nullable: true, description: 'S, Z, E or AE; absent: decided from the rate and the parties.' })
  @IsOptional()
  @IsIn([...VAT_CATEGORIES], { message: UNKNOWN_VAT_CATEGORY })
  vatCategory?: VatCategory;
  @Field(() => String, { nullable: true, description: 'Why an exempt (E) line is exempt.' }) @IsOptional() @MaxLength(300) @IsCleanText('single') vatExemptionReason?: string;
  @Field(() => ID, { nullable: true, description: 'The catalogue product the line sells (its myDATA income classification follows it).' })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid pk - product does not exist.' })
  productId?: string;
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
    ...(item.productId ? { productId: item.productId.toLowerCase() } : {}),
  }));

@InputType()
export class InvoiceInput {
  @Field(() => ID) @IsUUID('all', { message: 'Invalid pk - client does not exist.' }) clientId!: string;
  @Field(() => String, { nullable: true, description: 'Blank: the next number of the year.' }) @IsOptional() @MaxLength(MAX_INVOICE_NUMBER_LENGTH) @IsCleanText('single') invoiceNumber?: string;
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

const PAYMENT_METHODS = { card: 'card', bank_transfer: 'bank', cash: 'cash', other: 'other' } as const;

@InputType({ description: "Applies the client's credit balance to one of its open invoices." })
export class ApplyCreditInput {
  @Field(() => ID, { description: 'The open invoice of the client that receives the credit.' }) invoiceId!: string;
  @Field(() => Float, { description: "Euros, at most two decimals; at most the credit balance and the invoice's open amount." }) amount!: number;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, not before the invoice date; today when left out.' }) @IsOptional() @IsIsoDay() date?: string;
  @Field(() => String, { nullable: true, description: 'The same key is the same application (one per dialog, so a double click applies once).' })
  @IsOptional()
  @MaxLength(200)
  @IsCleanText('single')
  idempotencyKey?: string;

  toCommand(clientId: string): ApplyCredit {
    const convert = new InputConversion();
    const amountCents = convert.cents(this.amount, 'amount');
    return convert.done({ clientId, invoiceId: this.invoiceId, amountCents, date: this.date ?? undefined, requestKey: this.idempotencyKey ?? undefined });
  }
}

@InputType()
export class WriteOffInvoiceInput {
  @Field(() => String, { description: 'YYYY-MM-DD, not before the invoice date, in an open period.' }) @IsIsoDay() date!: string;
  @Field(() => String, { description: 'Why it is uncollectible: kept in the invoice history.' }) @MaxLength(500) @IsCleanText('multi') reason!: string;

  toCommand(invoiceId: string): WriteOffBadDebt {
    return { invoiceId, date: this.date, reason: this.reason };
  }
}

@InputType()
export class InvoicePaymentInput {
  @Field(() => Float, { description: 'Euros, at most two decimals; above what is owed leaves a credit balance.' }) amount!: number;
  @Field(() => String, { description: 'YYYY-MM-DD, not before the invoice date.' }) @IsIsoDay() date!: string;
  @Field(() => String, { description: 'card, bank_transfer, cash or other.' })
  @IsIn(Object.keys(PAYMENT_METHODS), { message: 'Choose card, bank_transfer, cash or other.' })
  method!: keyof typeof PAYMENT_METHODS;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) @IsCleanText('single') reference?: string;
  @Field(() => ID, { nullable: true, description: 'The money account it was deposited to; absent, the method’s default (cash on hand for cash, the default bank account otherwise).' })
  @IsOptional()
  @IsUUID('all', { message: 'Choose one of the bank accounts or cash on hand.' })
  depositedTo?: string | null;

  toCommand(invoiceId: string): RecordInvoicePayment {
    const convert = new InputConversion();
    const amountCents = convert.cents(this.amount, 'amount');
    return convert.done({ invoiceId, amountCents, date: this.date, method: PAYMENT_METHODS[this.method], reference: this.reference ?? undefined, moneyAccountId: this.depositedTo ?? null });
  }
}
