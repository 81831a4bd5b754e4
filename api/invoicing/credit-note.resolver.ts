import { ArrayMaxSize, IsNotEmpty, IsOptional, MaxLength, ValidateNested } from 'class-validator';
import { Arg, Authorized, Ctx, Field, Float, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { IssueCreditNote } from '../../domain/invoice/commands';
import { NotFoundError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../platform/graphql/context';
import { InputConversion, IsCleanText, IsIsoDay, withInputNames } from '../platform/graphql/validators';
import { InvoiceItemInput, linesOf } from './invoice.input';
import { InvoiceHistoryEntryOutput, InvoiceItemOutput, itemOutput } from './invoice.output';
import { findCreditNote, listCreditNotes, type CreditNoteWire } from './credit-note.queries';
import { isUuid, pathId } from '../platform/wire';

const NOT_FOUND = 'Credit note not found.';
const INPUT_NAMES = { lines: 'items', unitPriceCents: 'unitPrice', vatRateBp: 'vatRate', quantityMilli: 'quantity' };

@InputType()
export class CreditNoteInput {
  @Field(() => String) @IsNotEmpty({ message: 'This field may not be blank.' }) @MaxLength(500) @IsCleanText('single') reason!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; today when absent.' }) @IsOptional() @IsIsoDay() date?: string;
  @Field(() => [InvoiceItemInput], { nullable: true, description: 'Lines to credit; absent or empty: everything still creditable.' })
  @IsOptional()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  items?: InvoiceItemInput[];

  toCommand(invoiceId: string): IssueCreditNote {
    const convert = new InputConversion();
    const lines = this.items?.length ? linesOf(this.items, convert) : undefined;
    return convert.done({ invoiceId, reason: this.reason.trim(), date: this.date ?? undefined, lines });
  }
}

@ObjectType('InvoiceRef')
class InvoiceRefOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => String) date!: string;
}

@ObjectType('CreditNote')
export class CreditNoteOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) creditNoteNumber!: string;
  @Field(() => InvoiceRefOutput) invoice!: InvoiceRefOutput;
  @Field(() => ID) clientId!: string;
  @Field(() => String) clientName!: string;
  @Field(() => String) date!: string;
  @Field(() => String) reason!: string;
  @Field(() => [InvoiceItemOutput]) items!: InvoiceItemOutput[];
  @Field(() => Float) netAmount!: number;
  @Field(() => Float) vatAmount!: number;
  @Field(() => Float) totalAmount!: number;
  @Field(() => Boolean, { description: 'Credits everything that remained: the invoice is cancelled.' }) full!: boolean;
  @Field(() => String, { description: "ISO 4217: its invoice's currency, which its amounts are in." }) currency!: string;
  @Field(() => Float, { nullable: true, description: "Units of that currency per euro: its invoice's rate, which its VAT in euros is at; null in euros." }) exchangeRate!: number | null;

  static from(n: CreditNoteWire): CreditNoteOutput {
    return Object.assign(new CreditNoteOutput(), {
      id: n.id,
      creditNoteNumber: n.credit_note_number,
      invoice: { id: n.invoice.id, invoiceNumber: n.invoice.invoice_number, date: n.invoice.date },
      clientId: n.client.id,
      clientName: n.client.name,
      date: n.date,
      reason: n.reason,
      items: n.items.map(itemOutput),
      netAmount: n.net_amount,
      vatAmount: n.vat_amount,
      totalAmount: n.total_amount,
      full: n.full,
      currency: n.currency,
      exchangeRate: n.exchange_rate,
    });
  }
}

@Resolver(() => CreditNoteOutput)
export class CreditNoteResolver {
  @Authorized('superuser')
  @Query(() => [CreditNoteOutput], { description: 'Newest first; one client\'s or one invoice\'s when given.' })
  async creditNotes(
    @Ctx() ctx: GraphQLContext,
    @Arg('clientId', () => ID, { nullable: true }) clientId?: string,
    @Arg('invoiceId', () => ID, { nullable: true }) invoiceId?: string,
  ): Promise<CreditNoteOutput[]> {
    if ((clientId && !isUuid(clientId)) || (invoiceId && !isUuid(invoiceId))) return [];
    return (await listCreditNotes(ctx.deps.db, { clientId: clientId ?? undefined, invoiceId: invoiceId ?? undefined })).map(CreditNoteOutput.from);
  }

  @Authorized('superuser')
  @Query(() => CreditNoteOutput)
  async creditNote(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CreditNoteOutput> {
    const note = await findCreditNote(ctx.deps.db, pathId(id, NOT_FOUND));
    if (!note) throw new NotFoundError(NOT_FOUND);
    return CreditNoteOutput.from(note);
  }

  @Authorized('superuser')
  @Query(() => [InvoiceHistoryEntryOutput], { description: 'The events of a credit note, oldest first.' })
  async creditNoteHistory(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<InvoiceHistoryEntryOutput[]> {
    const note = await findCreditNote(ctx.deps.db, pathId(id, NOT_FOUND));
    if (!note) throw new NotFoundError(NOT_FOUND);
    return (await ctx.services.billing.invoices.creditNoteHistory(note.invoice.id, note.id)).map((h) => ({ ...h, data: JSON.stringify(h.data) }));
  }

  @Authorized('superuser')
  @Mutation(() => CreditNoteOutput, { description: 'Credits chosen lines, or everything still creditable (which cancels the invoice).' })
  async issueCreditNote(
    @Arg('invoiceId', () => ID) invoiceId: string,
    @Arg('input', () => CreditNoteInput) input: CreditNoteInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreditNoteOutput> {
    const command = input.toCommand(pathId(invoiceId, 'Invoice not found.'));
    return CreditNoteOutput.from(await withInputNames(INPUT_NAMES, () => ctx.services.billing.invoices.credit(command, ctx.user!.id)));
  }
}
