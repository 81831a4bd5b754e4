import { Arg, Authorized, Ctx, FieldResolver, Float, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { centsToEuros } from '../../domain/shared/money';
import { ApplyCreditInput, clientCreditCents, InvoiceOutput, listInvoices } from '../invoicing';
import { dayOf } from '../../domain/shared/dates';
import { PageInput, pageOf } from '../platform/graphql/paging';
import type { GraphQLContext } from '../platform/graphql/context';
import { cleanArg, withInputNames } from '../platform/graphql/validators';
import { ClientInput } from './client.input';
import { ClientOutput, ClientPage, CreatedClientUser, ViesCheckOutput } from './client.output';
import { listSubscriptions, SubscriptionOutput } from '../recurring';
import { pathId } from '../platform/wire';

const NOT_FOUND = 'Client not found.';

@Resolver(() => ClientOutput)
export class ClientResolver {
  @Authorized('superuser')
  @Query(() => ClientPage, { description: 'Clients by name.' })
  async clients(
    @Ctx() ctx: GraphQLContext,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput,
    @Arg('search', () => String, { nullable: true, validateFn: cleanArg('search', 'single') }) search?: string,
  ): Promise<ClientPage> {
    const result = await ctx.services.billing.clients.list({ ...pageOf(page), search: search ?? undefined });
    return { items: result.items.map(ClientOutput.from), total: result.total };
  }

  @Authorized('superuser')
  @Query(() => ClientOutput)
  async client(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ClientOutput> {
    return ClientOutput.from(await ctx.services.billing.clients.get(pathId(id, NOT_FOUND)));
  }

  @FieldResolver(() => [ViesCheckOutput], { description: "The VIES checks of its VAT number, newest first (empty when VIES is off or none was made)." })
  async viesChecks(@Root() client: ClientOutput, @Ctx() ctx: GraphQLContext): Promise<ViesCheckOutput[]> {
    return (await ctx.services.billing.vies.list(client.id)).map(ViesCheckOutput.from);
  }

  @Authorized('superuser')
  @Query(() => Boolean, { description: 'Whether VIES checks are on (VIES_URL set).' })
  viesEnabled(@Ctx() ctx: GraphQLContext): boolean {
    return ctx.services.billing.vies.enabled;
  }

  @Authorized('superuser')
  @Mutation(() => ViesCheckOutput, { description: "Checks the client's VAT number in VIES now and keeps the answer (needs VIES_URL)." })
  async checkClientVies(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ViesCheckOutput> {
    return ViesCheckOutput.from(await ctx.services.billing.vies.check(pathId(id, NOT_FOUND), ctx.user!.id));
  }

  @FieldResolver(() => [SubscriptionOutput], { description: 'Newest first.' })
  async subscriptions(@Root() client: ClientOutput, @Ctx() ctx: GraphQLContext): Promise<SubscriptionOutput[]> {
    const { items } = await listSubscriptions(ctx.deps.db, dayOf(ctx.deps.clock()), { clientId: client.id });
    return items.map(SubscriptionOutput.from);
  }

  @FieldResolver(() => Float, { description: "Paid or credited beyond its invoices: the credit balance, in the client's currency." })
  async creditBalance(@Root() client: ClientOutput, @Ctx() ctx: GraphQLContext): Promise<number> {
    return centsToEuros(await clientCreditCents(ctx.deps, client.id));
  }

  @FieldResolver(() => [InvoiceOutput], { description: 'Newest first.' })
  async invoices(@Root() client: ClientOutput, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput[]> {
    const { items } = await listInvoices(ctx.deps.db, { clientId: client.id, today: dayOf(ctx.deps.clock()) });
    return items.map(InvoiceOutput.from);
  }

  @Authorized('superuser')
  @Mutation(() => ClientOutput)
  async createClient(@Arg('input', () => ClientInput) input: ClientInput, @Ctx() ctx: GraphQLContext): Promise<ClientOutput> {
    return ClientOutput.from(await ctx.services.billing.clients.create(input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => ClientOutput)
  async updateClient(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ClientInput) input: ClientInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ClientOutput> {
    return ClientOutput.from(await ctx.services.billing.clients.update(pathId(id, NOT_FOUND), input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, { description: "Applies the client's credit balance to one of its open invoices; answers that invoice." })
  async applyClientCredit(@Arg('id', () => ID) id: string, @Arg('input', () => ApplyCreditInput) input: ApplyCreditInput, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput> {
    const command = input.toCommand(pathId(id, NOT_FOUND));
    const applied = await withInputNames({ amountCents: 'amount' }, () => ctx.services.billing.credit.apply(command, ctx.user!.id));
    return InvoiceOutput.from(applied.invoice);
  }

  @Authorized('superuser')
  @Mutation(() => Boolean)
  async deleteClient(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.billing.clients.remove(pathId(id, NOT_FOUND), ctx.user!.id);
    return true;
  }

  @Authorized('superuser')
  @Mutation(() => CreatedClientUser, { description: 'Creates the client login; the password is returned once.' })
  async createClientUser(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('username', () => String, { nullable: true, validateFn: cleanArg('username', 'single') }) username?: string,
  ): Promise<CreatedClientUser> {
    return ctx.services.billing.clients.createUser(pathId(id, NOT_FOUND), ctx.user!.id, username ?? undefined);
  }

  @Authorized('superuser')
  @Mutation(() => CreatedClientUser, { description: "Gives the client's login a new password, returned once and e-mailed; ends every session of the login." })
  async resetClientUserPassword(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CreatedClientUser> {
    return ctx.services.billing.clients.resetUserPassword(pathId(id, NOT_FOUND), ctx.user!.id);
  }
}
