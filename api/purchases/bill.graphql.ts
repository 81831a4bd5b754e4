import { ArrayMaxSize, IsNotEmpty, IsOptional, IsUUID, MaxLength, Min, ValidateNested } from 'class-validator';
import { Arg, Authorized, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import type { AgedReceivables } from '../../domain/accounting/aging';
import { centsToEuros } from '../../domain/shared/money';
import { AgingBucketsOutput } from '../accounting';
import type { GraphQLContext } from '../platform/graphql/context';
import { InputConversion, IsCleanText, IsIsoDay, withInputNames } from '../platform/graphql/validators';
import { CLIENT_CURRENCY_INVALID } from '../../domain/currency/currencies';
import type { ParsedBill } from './bill.schema';
import type { BillStatus, BillWire } from './bill.service';

const BLANK = { message: 'This field may not be blank.' };

export enum BillStatusEnum {
  draft = 'draft',
  open = 'open',
  partly_paid = 'partly_paid',
  paid = 'paid',
}
registerEnumType(BillStatusEnum, { name: 'BillStatus', description: 'draft, open (posted, nothing paid), partly_paid or paid.' });
/** Command fields named otherwise in BillInput (line fields by segment). */
const INPUT_NAMES = { lines: 'items', supplierInvoiceNumber: 'invoiceNumber', quantityMilli: 'quantity', unitPriceCents: 'unitPrice', vatRateBp: 'vatRate', amountCents: 'amount' };

@InputType()
export class BillItemInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(500) @IsCleanText('single') description!: string;
  @Field(() => ID, { description: 'An expense or asset account.' }) @IsUUID('all', { message: 'Invalid pk - account does not exist.' }) accountId!: string;
  @Field(() => Float, { nullable: true, defaultValue: 1 }) quantity?: number;
  @Field(() => Float, { description: 'In the bill’s currency.' }) unitPrice!: number;
  @Field(() => Float, { nullable: true, defaultValue: 0, description: 'Percent.' }) vatRate?: number;
  @Field(() => String, { nullable: true, description: 'S, Z, E or AE (reverse charge: VAT self-assessed); absent: S above 0 %, Z at 0 %.' }) @IsOptional() @MaxLength(3) vatCategory?: string;
}

@InputType()
export class BillInput {
  @Field(() => ID) @IsUUID('all', { message: 'Invalid pk - supplier does not exist.' }) supplierId!: string;
  @Field(() => String, { description: 'The supplier’s own number.' }) @IsNotEmpty(BLANK) @MaxLength(100) @IsCleanText('single') invoiceNumber!: string;
  @Field(() => String) @IsIsoDay() date!: string;
  @Field(() => String, { nullable: true, description: 'Absent: the date plus the supplier’s payment terms.' }) @IsOptional() @IsIsoDay() dueDate?: string | null;
  @Field(() => [BillItemInput]) @ValidateNested({ each: true }) @ArrayMaxSize(500) items!: BillItemInput[];
  @Field(() => Float, { nullable: true, description: 'The document’s stated net, checked against the lines.' }) @IsOptional() netAmount?: number | null;
  @Field(() => Float, { nullable: true }) @IsOptional() vatAmount?: number | null;
  @Field(() => Float, { nullable: true }) @IsOptional() totalAmount?: number | null;
  @Field(() => String, { nullable: true, description: 'The currency the amounts are in: EUR (absent on create) or one the ECB publishes a rate for; absent on update: unchanged.' })
  @IsOptional()
  @MaxLength(3, { message: CLIENT_CURRENCY_INVALID })
  @IsCleanText('single')
  currency?: string | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(1) version?: number;

  toParsed(): ParsedBill {
    const convert = new InputConversion();
    const stated = (v: number | null | undefined, field: string) => (v === null || v === undefined ? undefined : convert.cents(v, field));
    const parsed: ParsedBill = {
      input: {
        supplierId: this.supplierId.toLowerCase(),
        supplierInvoiceNumber: this.invoiceNumber,
        date: this.date,
        dueDate: this.dueDate ?? null,
        lines: this.items.map((item, i) => ({
          description: item.description.trim(),
          accountId: item.accountId.toLowerCase(),
          quantityMilli: convert.milli(item.quantity ?? 1, `items.${i}.quantity`),
          unitPriceCents: convert.cents(item.unitPrice, `items.${i}.unitPrice`),
          vatRateBp: convert.basisPoints(item.vatRate ?? 0, `items.${i}.vatRate`),
          ...(item.vatCategory ? { vatCategory: item.vatCategory } : {}),
        })),
        stated: { netCents: stated(this.netAmount, 'netAmount'), vatCents: stated(this.vatAmount, 'vatAmount'), grossCents: stated(this.totalAmount, 'totalAmount') },
        ...(this.currency ? { currency: this.currency } : {}),
      },
      expectedRevision: this.version,
      currencyGiven: Boolean(this.currency),
    };
    return convert.done(parsed);
  }
}

@InputType()
export class BillPaymentInput {
  @Field(() => Float, { description: 'In the bill’s currency.' }) amount!: number;
  @Field(() => String) @IsIsoDay() date!: string;
  @Field(() => ID) @IsUUID('all', { message: 'Invalid pk - money account does not exist.' }) moneyAccountId!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) @IsCleanText('single') reference?: string | null;
}

@ObjectType('BillLine')
class BillLineOutput {
  @Field(() => String) description!: string;
  @Field(() => ID) accountId!: string;
  @Field(() => Float) quantity!: number;
  @Field(() => Float) unitPrice!: number;
  @Field(() => Float, { description: 'Percent.' }) vatRate!: number;
  @Field(() => String) vatCategory!: string;
  @Field(() => Float) netAmount!: number;
  @Field(() => Float, { description: 'Charged, or self-assessed on an AE line.' }) vatAmount!: number;
}

@ObjectType('BillPayment')
class BillPaymentOutput {
  @Field(() => ID) id!: string;
  @Field(() => Float, { description: 'In the bill’s currency.' }) amount!: number;
  @Field(() => String) date!: string;
  @Field(() => String, { nullable: true }) reference!: string | null;
  @Field(() => String, { nullable: true, description: 'A bill in another currency: the payment day’s rate (units per euro).' }) exchangeRate!: string | null;
  @Field(() => Float, { description: 'What the money was in euros.' }) amountEur!: number;
}

@ObjectType('BillDocument', { description: "A bill's paper: the supplier's e-invoice as received, or a file attached (its original as PDF or image)." })
class BillDocumentOutput {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'einvoice or attachment.' }) kind!: string;
  @Field(() => String) filename!: string;
  @Field(() => String) mimeType!: string;
  @Field(() => Int, { description: 'Bytes.' }) size!: number;
  @Field(() => String, { description: 'SHA-256 of the bytes, hex.' }) sha256!: string;
  @Field(() => String, { description: 'Where the bytes are read (GET, the superuser’s session).' }) url!: string;
}

@ObjectType('EinvoiceWarning', { description: 'What the EN 16931 rules (BR-…) or the import (IMPORT-…) warned of.' })
class EinvoiceWarningOutput {
  @Field(() => String) id!: string;
  @Field(() => String) text!: string;
}

@ObjectType('Bill')
export class BillOutput {
  @Field(() => ID) id!: string;
  @Field(() => ID) supplierId!: string;
  @Field(() => String, { nullable: true }) supplierName!: string | null;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => String) date!: string;
  @Field(() => String) dueDate!: string;
  @Field(() => String, { description: 'EUR, or the currency the bill’s amounts are in.' }) currency!: string;
  @Field(() => String, { nullable: true, description: 'A posted bill in another currency: its rate (units per euro), of rateDate.' }) exchangeRate!: string | null;
  @Field(() => String, { nullable: true }) rateDate!: string | null;
  @Field(() => Float, { nullable: true, description: 'The gross in euros as booked; null for a draft in another currency.' }) totalEur!: number | null;
  @Field(() => [BillLineOutput]) items!: BillLineOutput[];
  @Field(() => Float) netAmount!: number;
  @Field(() => Float) vatAmount!: number;
  @Field(() => Float) selfAssessedVatAmount!: number;
  @Field(() => Float) totalAmount!: number;
  @Field(() => Float) paidAmount!: number;
  @Field(() => Float) openAmount!: number;
  @Field(() => BillStatusEnum) status!: BillStatus;
  @Field(() => [BillPaymentOutput]) payments!: BillPaymentOutput[];
  @Field(() => String, { description: 'bill, or credit_note: a supplier credit note (booked as a bill reversed; a payment on it is a refund).' }) documentType!: string;
  @Field(() => ID, { nullable: true, description: 'A credit note’s: the bill it corrects.' }) creditedBillId!: string | null;
  @Field(() => [BillDocumentOutput]) documents!: BillDocumentOutput[];
  @Field(() => [EinvoiceWarningOutput], { nullable: true, description: 'An imported bill’s warnings; null when it was not imported (REST POST /api/bills/import/ takes the e-invoice).' }) einvoiceWarnings!: EinvoiceWarningOutput[] | null;
  @Field(() => Int) version!: number;

  static from(b: BillWire): BillOutput {
    return Object.assign(new BillOutput(), {
      id: b.id,
      supplierId: b.supplier,
      supplierName: b.supplier_name,
      invoiceNumber: b.invoice_number,
      date: b.date,
      dueDate: b.due_date,
      currency: b.currency,
      exchangeRate: b.exchange_rate,
      rateDate: b.rate_date,
      totalEur: b.total_eur,
      items: b.items.map((i) => ({ description: i.description, accountId: i.account, quantity: i.quantity, unitPrice: i.unit_price, vatRate: i.vat_rate, vatCategory: i.vat_category, netAmount: i.net_amount, vatAmount: i.vat_amount })),
      netAmount: b.net_amount,
      vatAmount: b.vat_amount,
      selfAssessedVatAmount: b.self_assessed_vat_amount,
      totalAmount: b.total_amount,
      paidAmount: b.paid_amount,
      openAmount: b.open_amount,
      status: b.status,
      payments: b.payments.map((p) => ({ id: p.id, amount: p.amount, date: p.date, reference: p.reference, exchangeRate: p.exchange_rate, amountEur: p.amount_eur })),
      documentType: b.document_type,
      creditedBillId: b.credited_bill,
      documents: b.documents.map((d) => ({ id: d.id, kind: d.kind, filename: d.filename, mimeType: d.mime_type, size: d.size, sha256: d.sha256, url: d.url })),
      einvoiceWarnings: b.einvoice_warnings,
      version: b.version,
    });
  }
}

@Resolver(() => BillOutput)
export class BillResolver {
  @Authorized('superuser')
  @Query(() => [BillOutput], { description: 'Bills, newest first; by status (draft, open, partly_paid, paid) and supplier.' })
  async bills(
    @Arg('status', () => BillStatusEnum, { nullable: true }) status: BillStatus | null,
    @Arg('supplierId', () => ID, { nullable: true }) supplierId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BillOutput[]> {
    return (await ctx.services.purchases.bills.list({ status: status ?? undefined, supplierId: supplierId && /^[0-9a-f-]{36}$/i.test(supplierId) ? supplierId : undefined })).map(BillOutput.from);
  }

  @Authorized('superuser')
  @Query(() => BillOutput)
  async bill(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<BillOutput> {
    return BillOutput.from(await ctx.services.purchases.bills.get(id));
  }

  @Authorized('superuser')
  @Mutation(() => BillOutput, { description: 'A draft bill: it books nothing until posted.' })
  async createBill(@Arg('input', () => BillInput) input: BillInput, @Ctx() ctx: GraphQLContext): Promise<BillOutput> {
    return BillOutput.from(await withInputNames(INPUT_NAMES, () => ctx.services.purchases.bills.create(input.toParsed(), ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => BillOutput, { description: 'Edits a draft; a posted bill is refused.' })
  async updateBill(@Arg('id', () => ID) id: string, @Arg('input', () => BillInput) input: BillInput, @Ctx() ctx: GraphQLContext): Promise<BillOutput> {
    return BillOutput.from(await withInputNames(INPUT_NAMES, () => ctx.services.purchases.bills.update(id, input.toParsed(), ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => BillOutput, { description: 'Books the bill on its date and makes it immutable.' })
  async postBill(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<BillOutput> {
    return BillOutput.from(await ctx.services.purchases.bills.post(id, ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean, { description: 'Deletes a draft.' })
  async deleteBill(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.purchases.bills.remove(id, ctx.user!.id);
    return true;
  }

  @Authorized('superuser')
  @Mutation(() => BillOutput)
  async recordBillPayment(@Arg('id', () => ID) id: string, @Arg('input', () => BillPaymentInput) input: BillPaymentInput, @Ctx() ctx: GraphQLContext): Promise<BillOutput> {
    return BillOutput.from(
      await withInputNames(INPUT_NAMES, () => {
        const convert = new InputConversion();
        const amountCents = convert.cents(input.amount, 'amount');
        convert.done(null);
        return ctx.services.purchases.bills.pay(id, { amountCents, date: input.date, moneyAccountId: input.moneyAccountId.toLowerCase(), reference: input.reference?.trim() || null }, ctx.user!.id);
      }),
    );
  }
}

@ObjectType('SupplierAging')
class SupplierAgingOutput {
  @Field(() => ID, { nullable: true, description: 'Null for what Accounts Payable holds beyond the bills (a journal line booked to it by hand).' }) supplierId!: string | null;
  @Field(() => String) supplierName!: string;
  @Field(() => AgingBucketsOutput) buckets!: AgingBucketsOutput;
  @Field(() => Float, { description: 'Owed in all (the sum of the buckets).' }) total!: number;
  @Field(() => Float, { description: 'Paid beyond its bills.' }) creditBalance!: number;
}

@ObjectType('AgedPayables')
class AgedPayablesOutput {
  @Field(() => String) asOf!: string;
  @Field(() => [SupplierAgingOutput]) suppliers!: SupplierAgingOutput[];
  @Field(() => AgingBucketsOutput) totals!: AgingBucketsOutput;
  @Field(() => Float) total!: number;
  @Field(() => Float) creditBalance!: number;
  @Field(() => Float, { description: 'Owed less credit balances: the Accounts Payable balance.' }) net!: number;

  static from(r: AgedReceivables): AgedPayablesOutput {
    return Object.assign(new AgedPayablesOutput(), {
      asOf: r.asOf,
      suppliers: r.clients.map((c) =>
        Object.assign(new SupplierAgingOutput(), { supplierId: c.clientId, supplierName: c.clientName, buckets: AgingBucketsOutput.from(c.buckets), total: centsToEuros(c.owedCents), creditBalance: centsToEuros(c.creditCents) }),
      ),
      totals: AgingBucketsOutput.from(r.totals),
      total: centsToEuros(r.totals.owedCents),
      creditBalance: centsToEuros(r.totals.creditCents),
      net: centsToEuros(r.totals.netCents),
    });
  }
}

@Resolver(() => AgedPayablesOutput)
export class AgedPayablesResolver {
  @Authorized('superuser')
  @Query(() => AgedPayablesOutput, { description: 'What each supplier is owed as of a day (default today) by days past due; nets to Accounts Payable.' })
  async agedPayables(@Arg('asOf', () => String, { nullable: true, description: 'YYYY-MM-DD' }) asOf: string | undefined, @Ctx() ctx: GraphQLContext): Promise<AgedPayablesOutput> {
    return AgedPayablesOutput.from(await ctx.services.purchases.bills.agedPayables({ asOf }, { from: 'from', to: 'to', asOf: 'asOf' }));
  }
}
