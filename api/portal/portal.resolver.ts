import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../platform/graphql/context';
import { PortalAccountOutput } from './portal.output';
import { portalAccount } from './portal.queries';

@Resolver()
export class PortalResolver {
  @Authorized('client')
  @Query(() => PortalAccountOutput, { nullable: true, description: "The logged-in client's account; null when its client is gone." })
  async myAccount(@Ctx() ctx: GraphQLContext): Promise<PortalAccountOutput | null> {
    const account = await portalAccount(ctx.deps, ctx.user!.client_id!);
    return account ? PortalAccountOutput.from(account) : null;
  }
}
