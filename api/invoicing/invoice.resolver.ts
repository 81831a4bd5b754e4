import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { dayOf } from '../../domain/shared/dates';
import { NotFoundError } from '../../domain/shared/errors';
import { PageInput, pageOf } from '../platform/graphql/paging';
import type { GraphQLContext } from '../platform/graphql/context';
import { withInputNames } from '../platform/graphql/validators';
import { InvoiceInput, InvoicePaymentInput, WriteOffInvoiceInput } from './invoice.input';
import { writeOffInvoice } from './invoice-write-off';
import { InvoiceHistoryEntryOutput, InvoiceOutput, InvoicePage, InvoicePaidFilter, PublicInvoiceOutput } from './invoice.output';
import { findPublicInvoice, listInvoices, type InvoiceWire } from './invoice.queries';
import { isUuid, pathId } from '../platform/wire';
import { publicReads, spendRequestBudget } from '../platform/rate-limit/limiters';

const NOT_FOUND = 'Invoice not found.';

/**
 * The GraphQL objects of a cached invoice page (listInvoices shares one frozen page between
 * requests while the tables are unchanged): mapped once per page, not once per request.
 */
const pageOutputs = new WeakMap<readonly InvoiceWire[], readonly InvoiceOutput[]>();
const outputsOf = (items: readonly InvoiceWire[]): InvoiceOutput[] => {
  let outputs = pageOutputs.get(items);
  if (!outputs) pageOutputs.set(items, (outputs = Object.freeze(items.map((i) => Object.freeze(InvoiceOutput.from(i))))));
  return outputs as InvoiceOutput[];
};

/** The invoice command's fields as InvoiceInput names them. */
const INVOICE_INPUT_NAMES = { lines: 'items', unitPriceCents: 'unitPrice', vatRateBp: 'vatRate', quantityMilli: 'quantity' };

@Resolver(() => InvoiceOutput)
export class InvoiceResolver {
  @Authorized('superuser')
  @Query(() => InvoicePage, { description: 'Newest first; filter by client, paid/unpaid and overdue (unpaid past the due date).' })
  async invoices(
    @Ctx() ctx: GraphQLContext,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput,
    @Arg('clientId', () => ID, { nullable: true }) clientId?: string,
    @Arg('status', () => InvoicePaidFilter, { nullable: true }) status?: InvoicePaidFilter,
    @Arg('overdue', () => Boolean, { nullable: true }) overdue?: boolean,
  ): Promise<InvoicePage> {
    if (clientId && !isUuid(clientId)) return { items: [], total: 0 };
    const filters = { clientId: clientId ?? undefined, status: status ?? undefined, overdue: overdue ?? undefined, today: dayOf(ctx.deps.clock()) };
    const result = await listInvoices(ctx.deps.db, filters, pageOf(page));
    return { items: outputsOf(result.items), total: result.total };
  }

  @Authorized('superuser')
  @Query(() => InvoiceOutput)
  async invoice(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput> {
    const invoice = await ctx.services.billing.invoices.get(pathId(id, NOT_FOUND));
    if (!invoice) throw new NotFoundError(NOT_FOUND);
    return InvoiceOutput.from(invoice);
  }

  @Query(() => PublicInvoiceOutput, { description: 'Anonymous: the pay-link page.' })
  async publicInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PublicInvoiceOutput> {
    await spendRequestBudget(ctx.deps, publicReads(ctx.deps), ctx.req);
    const invoice = await findPublicInvoice(ctx.deps.db, pathId(id, NOT_FOUND), ctx.deps.config);
    if (!invoice) throw new NotFoundError(NOT_FOUND);
    return {
      id: invoice.id,
      invoiceNumber: invoice.invoice_number,
      clientName: invoice.client.name,
      date: invoice.date,
      dueDate: invoice.due_date,
      totalAmount: invoice.total_amount,
      openAmount: invoice.open_amount,
      paid: invoice.paid,
      cancelled: invoice.cancelled,
      paymentReference: invoice.payment_reference,
      currency: invoice.currency,
      cardPayment: invoice.card_payment,
    };
  }

  @Authorized('superuser')
  @Query(() => [InvoiceHistoryEntryOutput], { description: 'Every change with who and when, oldest first; deleted invoices too.' })
  async invoiceHistory(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<InvoiceHistoryEntryOutput[]> {
    const history = await ctx.services.billing.invoices.history(pathId(id, NOT_FOUND));
    return history.map((h) => ({ ...h, data: JSON.stringify(h.data) }));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput)
  async createInvoice(@Arg('input', () => InvoiceInput) input: InvoiceInput, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput> {
    return InvoiceOutput.from(await withInputNames(INVOICE_INPUT_NAMES, () => ctx.services.billing.invoices.create(input.toCreate(), ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput)
  async updateInvoice(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => InvoiceInput) input: InvoiceInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvoiceOutput> {
    const command = input.toUpdate(pathId(id, NOT_FOUND));
    return InvoiceOutput.from(await withInputNames(INVOICE_INPUT_NAMES, () => ctx.services.billing.invoices.update(command, ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean, { description: 'Voids the invoice (reason deleted): gone from lists, kept in history.' })
  async deleteInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.billing.invoices.remove(pathId(id, NOT_FOUND), ctx.user!.id);
    return true;
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, { description: 'E-mails the invoice PDF to the client.' })
  async sendInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput> {
    return InvoiceOutput.from(await ctx.services.billing.invoices.send(pathId(id, NOT_FOUND), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, { description: 'Records the open amount as a manual payment; harmless when already paid.' })
  async markInvoicePaid(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput> {
    return InvoiceOutput.from(await ctx.services.billing.invoices.markAsPaid(pathId(id, NOT_FOUND), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, { description: 'Records a payment by hand: any amount (partial, or above what is owed), date and method.' })
  async recordInvoicePayment(
    @Arg('invoiceId', () => ID) invoiceId: string,
    @Arg('input', () => InvoicePaymentInput) input: InvoicePaymentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvoiceOutput> {
    const command = input.toCommand(pathId(invoiceId, NOT_FOUND));
    return InvoiceOutput.from(await withInputNames({ amountCents: 'amount' }, () => ctx.services.billing.invoices.recordManualPayment(command, ctx.user!.id)));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, { description: 'Writes the open amount off as a bad debt (Dr Bad Debts, Cr Accounts Receivable); later payments recover it.' })
  async writeOffInvoice(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => WriteOffInvoiceInput) input: WriteOffInvoiceInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvoiceOutput> {
    return InvoiceOutput.from(await writeOffInvoice(ctx.deps, input.toCommand(pathId(id, NOT_FOUND)), ctx.user!.id));
  }
}
