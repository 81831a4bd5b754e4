import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { cleanArg } from '../../platform/graphql/validators';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { rebuildProjection, UnknownProjectionError } from '../../../projections/rebuild';
import type { GraphQLContext } from '../../platform/graphql/context';
import { ProjectionStatusOutput, RebuildResultOutput } from './operations.output';
import { projections } from '../read-models';

@Resolver()
export class OperationsResolver {
  @Authorized('superuser')
  @Query(() => [ProjectionStatusOutput], { description: 'Every projection and reactor: position, lag, state and last error.' })
  async projectionStatus(@Ctx() ctx: GraphQLContext): Promise<ProjectionStatusOutput[]> {
    return (await ctx.deps.projections.status()).map(ProjectionStatusOutput.from);
  }

  @Authorized('superuser')
  @Mutation(() => RebuildResultOutput, { description: 'Empties a projection and replays it from position 0: the same path as `npm run projections -- rebuild`.' })
  async rebuildProjection(@Arg('name', () => String, { validateFn: cleanArg('name', 'single') }) name: string, @Ctx() ctx: GraphQLContext): Promise<RebuildResultOutput> {
    const handler = ctx.deps.projections.handlers.find((h) => h.name === name);
    if (!handler) throw new NotFoundError(`No projection is named "${name}".`);
    if (handler.kind !== 'projection') throw new ValidationError('Reactors cannot be rebuilt: their side effects would happen again.', { name: ['Not a projection.'] });
    try {
      const result = await rebuildProjection({ db: ctx.deps.db, store: ctx.deps.eventStore, logger: ctx.deps.logger, engine: ctx.deps.projections, projections: projections() }, name, { timeoutMs: 60_000 });
      return RebuildResultOutput.from(result);
    } catch (err) {
      if (err instanceof UnknownProjectionError) throw new NotFoundError(err.message);
      throw err;
    }
  }
}
