import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../../domain/integrations/webhook';
import type { GraphQLContext } from '../../platform/graphql/context';
import { IsCleanText } from '../../platform/graphql/validators';
import { pathId } from '../../platform/wire';
import type { WebhookDelivery } from './deliveries.service';
import type { WebhookEndpoint } from './endpoints.service';

/** GraphQL names the events in its own way (INVOICE_PAID for invoice.paid); the values are the REST names. */
const WebhookEvent = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e.replace('.', '_').toUpperCase(), e])) as Record<string, WebhookEventType>;
registerEnumType(WebhookEvent, { name: 'WebhookEventType', description: 'What a webhook tells: invoice.issued is INVOICE_ISSUED, and so on.' });

@ObjectType('WebhookEndpoint', { description: 'A receiver of webhooks (never its secret).' })
class WebhookEndpointOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) url!: string;
  @Field(() => String) description!: string;
  @Field(() => [WebhookEvent]) events!: WebhookEventType[];
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it was disabled, in words; null while enabled.' }) disabledReason!: string | null;
  @Field(() => String, { nullable: true, description: 'user, or failures (three days of them); null while enabled.' }) disabledBy!: string | null;
  @Field(() => String, { nullable: true, description: "When failures disabled it: the last failed delivery's answer." }) lastFailure!: string | null;
  @Field(() => String) createdAt!: string;

  static from(e: WebhookEndpoint): WebhookEndpointOutput {
    return Object.assign(new WebhookEndpointOutput(), e);
  }
}

@ObjectType('CreatedWebhookEndpoint')
class CreatedWebhookEndpointOutput {
  @Field(() => WebhookEndpointOutput) endpoint!: WebhookEndpointOutput;
  @Field(() => String, { description: 'The signing secret: shown this once, never again.' }) secret!: string;
}

@ObjectType('WebhookAttempt')
class WebhookAttemptOutput {
  @Field(() => String) at!: string;
  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status; null without an answer." }) statusCode!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Int) durationMs!: number;
}

@ObjectType('WebhookDelivery')
class WebhookDeliveryOutput {
  @Field(() => ID) id!: string;
  @Field(() => Int) sequence!: number;
  @Field(() => String, { description: 'The event id a receiver deduplicates on.' }) eventId!: string;
  @Field(() => String) eventType!: string;
  @Field(() => String, { description: 'pending, delivered or failed (given up).' }) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => String, { nullable: true }) nextAttemptAt!: string | null;
  @Field(() => String) createdAt!: string;
  @Field(() => String, { nullable: true }) deliveredAt!: string | null;
  @Field(() => String, { description: 'The body sent (JSON).' }) payload!: string;
  @Field(() => [WebhookAttemptOutput]) log!: WebhookAttemptOutput[];

  static from(d: WebhookDelivery): WebhookDeliveryOutput {
    return Object.assign(new WebhookDeliveryOutput(), { ...d, log: d.log.map((a) => Object.assign(new WebhookAttemptOutput(), a)) });
  }
}

@InputType('WebhookEndpointInput')
class WebhookEndpointInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(2000) @IsCleanText('single') url?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(300) @IsCleanText('single') description?: string | null;
  @Field(() => [WebhookEvent], { nullable: true }) @IsOptional() @ArrayMaxSize(50) events?: WebhookEventType[];
  @Field(() => Boolean, { nullable: true }) @IsOptional() enabled?: boolean;
}

const NOT_FOUND = 'Webhook endpoint not found.';

@Resolver()
export class WebhookResolver {
  @Authorized('superuser')
  @Query(() => [WebhookEndpointOutput], { description: 'Webhook endpoints; a disabled one says why.' })
  async webhookEndpoints(@Ctx() ctx: GraphQLContext): Promise<WebhookEndpointOutput[]> {
    return (await ctx.services.webhooks.endpoints.list()).map(WebhookEndpointOutput.from);
  }

  @Authorized('superuser')
  @Query(() => [WebhookDeliveryOutput], { description: "An endpoint's deliveries, newest first (`before`: a delivery's sequence)." })
  async webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('before', () => Int, { nullable: true }) before: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDeliveryOutput[]> {
    return (await ctx.services.webhooks.deliveries.list(pathId(endpointId, NOT_FOUND), { limit: limit ?? undefined, before: before ?? undefined })).map(WebhookDeliveryOutput.from);
  }

  @Authorized('superuser')
  @Mutation(() => CreatedWebhookEndpointOutput, { description: 'Registers an endpoint; its signing secret is in this answer only.' })
  async createWebhookEndpoint(@Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput, @Ctx() ctx: GraphQLContext): Promise<CreatedWebhookEndpointOutput> {
    const created = await ctx.services.webhooks.endpoints.create(input, ctx.user!.id);
    return Object.assign(new CreatedWebhookEndpointOutput(), { endpoint: WebhookEndpointOutput.from(created), secret: created.secret });
  }

  @Authorized('superuser')
  @Mutation(() => WebhookEndpointOutput, { description: 'Changes what is given; enabled: true turns a disabled endpoint back on.' })
  async updateWebhookEndpoint(@Arg('id', () => ID) id: string, @Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpointOutput> {
    return WebhookEndpointOutput.from(await ctx.services.webhooks.endpoints.update(pathId(id, NOT_FOUND), input, ctx.user!.id));
  }

  @Authorized('superuser')
  @Mutation(() => Boolean)
  async deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.webhooks.endpoints.remove(pathId(id, NOT_FOUND), ctx.user!.id);
    return true;
  }

  @Authorized('superuser')
  @Mutation(() => WebhookDeliveryOutput, { description: 'Sends a delivery again now, with the same event id.' })
  async replayWebhookDelivery(@Arg('endpointId', () => ID) endpointId: string, @Arg('deliveryId', () => ID) deliveryId: string, @Ctx() ctx: GraphQLContext): Promise<WebhookDeliveryOutput> {
    return WebhookDeliveryOutput.from(await ctx.services.webhooks.deliveries.replay(pathId(endpointId, NOT_FOUND), pathId(deliveryId, 'Webhook delivery not found.')));
  }
}
