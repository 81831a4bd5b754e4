import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import { PageInput, pageOf } from '../platform/graphql/paging';
import type { GraphQLContext } from '../platform/graphql/context';
import { SubscriptionInput } from './subscription.input';
import { InvoiceOutput } from '../invoicing';
import { GenerationResultOutput, SubscriptionOutput, SubscriptionPage, SubscriptionStatusEnum } from './subscription.output';
import { isUuid, pathId } from '../platform/wire';

const NOT_FOUND = 'Subscription not found.';

@Resolver(() => SubscriptionOutput)
export class SubscriptionResolver {
  @Authorized('superuser')
  @Query(() => SubscriptionPage, { description: 'Newest start date first.' })
  async subscriptions(
    @Ctx() ctx: GraphQLContext,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput,
    @Arg('clientId', () => ID, { nullable: true }) clientId?: string,
    @Arg('status', () => SubscriptionStatusEnum, { nullable: true }) status?: SubscriptionStatus,
  ): Promise<SubscriptionPage> {
    if (clientId && !isUuid(clientId)) return { items: [], total: 0 };
    const result = await ctx.services.billing.subscriptions.list({ clientId: clientId ?? undefined, status: status ?? undefined }, pageOf(page));
    return { items: result.items.map(SubscriptionOutput.from), total: result.total };
  }

  @Authorized('superuser')
  @Query(() => SubscriptionOutput)
  async subscription(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SubscriptionOutput> {
    return SubscriptionOutput.from(await ctx.services.billing.subscriptions.get(pathId(id, NOT_FOUND)));
  }

  @Authorized('superuser')
  @Mutation(() => SubscriptionOutput)
  async createSubscription(@Arg('input', () => SubscriptionInput) input: SubscriptionInput, @Ctx() ctx: GraphQLContext): Promise<SubscriptionOutput> {
    return SubscriptionOutput.from(await ctx.services.billing.subscriptions.create(input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => SubscriptionOutput)
  async updateSubscription(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SubscriptionInput) input: SubscriptionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SubscriptionOutput> {
    return SubscriptionOutput.from(await ctx.services.billing.subscriptions.update(pathId(id, NOT_FOUND), input.toCommand(), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean)
  async deleteSubscription(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.billing.subscriptions.remove(pathId(id, NOT_FOUND), ctx.user!.id);
    return true;
  }

  @Authorized('superuser')
  @Mutation(() => InvoiceOutput, { description: "Issues the next period's invoice now." })
  async createSubscriptionInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<InvoiceOutput> {
    return InvoiceOutput.from(await ctx.services.billing.recurring.createForSubscription(pathId(id, NOT_FOUND), ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => GenerationResultOutput, { description: 'Issues every due period of active, auto-invoiced subscriptions.' })
  async generateRecurringInvoices(@Ctx() ctx: GraphQLContext): Promise<GenerationResultOutput> {
    return ctx.services.billing.recurring.run({ actor: ctx.user!.id });
  }
}
