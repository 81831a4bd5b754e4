import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { tokenIdOfActor, UserService } from '../auth';
import type { GraphQLContext } from '../platform/graphql/context';
import { HistoryEventOutput } from './accounting.output';
import { isUuid } from '../platform/wire';

/**
 * "Who" in a history view: the username for a user id, the token's name for a write made with an
 * API token (`token:<id>`), else the actor as recorded (system, stripe).
 */
@Resolver(() => HistoryEventOutput)
export class HistoryActorResolver {
  @FieldResolver(() => String)
  async actorName(@Root() event: HistoryEventOutput, @Ctx() ctx: GraphQLContext): Promise<string> {
    const tokenId = tokenIdOfActor(event.actor);
    if (tokenId) return (await ctx.services.auth.tokens.namesOf([tokenId])).get(tokenId) ?? event.actor;
    if (!isUuid(event.actor)) return event.actor;
    const user = await new UserService(ctx.deps.db).findById(event.actor);
    return user?.username ?? event.actor;
  }
}
